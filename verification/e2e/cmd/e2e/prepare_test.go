package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/nri4j/nri4j/verification/e2e/harness"
)

// fine is a host with every prerequisite; the cases take one away.
func fine() harness.Host {
	return harness.Host{
		GOOS:         "linux",
		EUID:         0,
		Unshare:      func(...string) error { return nil },
		LookPath:     func(string) error { return nil },
		MemoryCgroup: func() bool { return true },
	}
}

func TestMissing(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(h *harness.Host)
		want   string
	}{
		{"should find nothing missing on a host with every prerequisite", func(*harness.Host) {}, ""},
		{"should skip on another OS", func(h *harness.Host) { h.GOOS = "darwin" }, "containerd and CRI-O run on Linux only"},
		{"should skip without root", func(h *harness.Host) { h.EUID = 65534 }, "containerd and CRI-O need root"},
		{"should skip without mount namespaces, with unshare's reason", func(h *harness.Host) {
			h.Unshare = func(...string) error {
				return errors.New("exit status 1: unshare: unshare failed: Operation not permitted")
			}
		}, "no private mount namespace (unshare -m: exit status 1: unshare: unshare failed: Operation not permitted)"},
		{"should skip without apt-get", func(h *harness.Host) {
			h.LookPath = func(f string) error {
				if f == "apt-get" {
					return errors.New("not found")
				}
				return nil
			}
		}, "no apt-get (Debian or Ubuntu needed)"},
		{"should skip without a memory cgroup", func(h *harness.Host) { h.MemoryCgroup = func() bool { return false } }, "no memory cgroup controller"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := fine()
			c.change(&h)
			got := missing(h)
			if (c.want == "") != (got == "") || !strings.HasPrefix(got, c.want) {
				t.Fatalf("missing() = %q, want %q", got, c.want)
			}
		})
	}
}

func TestSkipAll(t *testing.T) {
	h := fine()
	h.EUID = 65534
	reason := missing(h)
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
