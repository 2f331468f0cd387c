package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/nri4j/nri4j/verification/e2e/harness"
)

func TestMissing(t *testing.T) {
	fine := func() harness.Host {
		return harness.Host{GOOS: "linux", EUID: 0, Unshare: func(...string) error { return nil },
			LookPath: func(string) error { return nil }, MemoryCgroup: func() bool { return true }}
	}
	without := func(tool string) func(h *harness.Host) {
		return func(h *harness.Host) {
			h.LookPath = func(f string) error {
				if f == tool {
					return errors.New("not found")
				}
				return nil
			}
		}
	}
	for _, c := range []struct {
		name   string
		change func(h *harness.Host)
		want   string
	}{
		{"should find nothing missing on a host with every prerequisite", func(*harness.Host) {}, ""},
		{"should skip without root", func(h *harness.Host) { h.EUID = 65534 }, "the node needs root"},
		{"should skip without network namespaces", func(h *harness.Host) {
			h.Unshare = func(...string) error { return errors.New("exit status 1") }
		}, "no private mount and network namespaces (unshare -m -n: exit status 1)"},
		{"should skip without iproute2", without("ip"), "no ip command (iproute2)"},
		{"should skip without dpkg-deb", without("dpkg-deb"), "no dpkg-deb (Debian or Ubuntu needed)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := fine()
			c.change(&h)
			if got := missing(h); (c.want == "") != (got == "") || !strings.HasPrefix(got, c.want) {
				t.Fatalf("missing() = %q, want %q", got, c.want)
			}
		})
	}
	t.Run("should exit 0 with every group skipped, 1 with -strict", func(t *testing.T) {
		s := &harness.HelmSuite{Release: harness.Release{Version: "v2.4.2"}}
		if code := skipAll(s, "the node needs root", "label", false); code != 0 {
			t.Fatalf("exit code %d, want 0", code)
		}
		if code := skipAll(s, "the node needs root", "label", true); code != 1 {
			t.Fatalf("exit code %d, want 1", code)
		}
	})
}
