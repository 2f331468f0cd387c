package main

import (
	"testing"

	"github.com/nri4j/nri4j/verification/e2e/harness"
)

func TestSkipAll(t *testing.T) {
	reason := harness.Host{GOOS: "linux", EUID: 65534}.MissingRuntimes()
	s := &harness.Suite{}
	t.Run("should skip every case and exit 0 without -strict", func(t *testing.T) {
		if code := skipAll(s, []string{"v2.3.7"}, []string{"v1.34.0"}, reason, "label", false); code != 0 {
			t.Fatalf("exit code %d, want 0", code)
		}
	})
	t.Run("should fail with -strict", func(t *testing.T) {
		if code := skipAll(s, []string{"v2.3.7"}, []string{"v1.34.0"}, reason, "label", true); code != 1 {
			t.Fatalf("exit code %d, want 1", code)
		}
	})
}
