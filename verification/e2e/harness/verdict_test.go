package harness

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nri4j/nri4j/verification/conformance/cases"
)

func TestExit(t *testing.T) {
	for _, c := range []struct {
		name     string
		s        cases.Summary
		strict   bool
		code     int
		whyHolds string
	}{
		{"should pass a run whose cases passed", cases.Summary{Passed: 5, Skipped: 1}, false, 0, ""},
		{"should pass it in strict mode too", cases.Summary{Passed: 5, Skipped: 1}, true, 0, ""},
		{"should fail a run with a failed case", cases.Summary{Passed: 5, Failed: 1}, false, 1, ""},
		{"should pass a run whose every case was skipped", cases.Summary{Skipped: 25}, false, 0, ""},
		{"should fail it in strict mode, saying so", cases.Summary{Skipped: 25}, true, 1, "no case passed, 25 skipped"},
		{"should fail a run without cases in strict mode", cases.Summary{}, true, 1, "no case passed, 0 skipped"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, why := Exit(c.s, c.strict)
			if code != c.code || (c.whyHolds == "") != (why == "") || !strings.Contains(why, c.whyHolds) {
				t.Fatalf("Exit(%+v, strict=%v) = %d, %q; want %d and a reason holding %q", c.s, c.strict, code, why, c.code, c.whyHolds)
			}
		})
	}
}

func TestFailSetUp(t *testing.T) {
	t.Run("should count a failed set-up step as a failed case, not a skipped one", func(t *testing.T) {
		report := &cases.Report{}
		root := cases.NewRoot("e2e", report)
		FailSetUp(root, "set-up", errors.New("tmpfs on /run/containerd: operation not permitted"))
		if report.Failed != 1 || report.Skipped != 0 || report.Passed != 0 {
			t.Fatalf("report %+v, want exactly one failed case", report)
		}
		if code, _ := Exit(cases.Summary{Passed: report.Passed, Failed: report.Failed, Skipped: report.Skipped}, false); code != 1 {
			t.Fatalf("exit code %d, want 1", code)
		}
	})
	t.Run("should hand the step and its reason to the driver", func(t *testing.T) {
		cfgFile := filepath.Join(t.TempDir(), "config.json")
		report := &cases.Report{}
		err := errors.New("tmpfs on /run/containerd: operation not permitted")
		FailSetUp(cases.NewRoot("e2e", report), "set-up", err)
		if err := SaveSummary(cfgFile, report, err); err != nil {
			t.Fatal(err)
		}
		data, readErr := os.ReadFile(summaryFile(cfgFile))
		var s Summary
		if readErr == nil {
			readErr = json.Unmarshal(data, &s)
		}
		if readErr != nil {
			t.Fatal(readErr)
		}
		if s.SetUp != err.Error() || s.Failed != 1 || len(s.Failures) != 1 || s.Failures[0] != "e2e/set-up" {
			t.Fatalf("summary %+v", s)
		}
	})
}
