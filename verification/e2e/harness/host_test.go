package harness

import (
	"errors"
	"strings"
	"testing"
)

// fine is a host with every prerequisite; the cases take one away.
func fine() Host {
	return Host{
		GOOS:         "linux",
		EUID:         0,
		Unshare:      func(...string) error { return nil },
		LookPath:     func(string) error { return nil },
		MemoryCgroup: func() bool { return true },
	}
}

func TestMissingRuntimes(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(h *Host)
		want   string
	}{
		{"should find nothing missing on a host with every prerequisite", func(*Host) {}, ""},
		{"should skip on another OS", func(h *Host) { h.GOOS = "darwin" }, "containerd and CRI-O run on Linux only"},
		{"should skip without root", func(h *Host) { h.EUID = 65534 }, "containerd and CRI-O need root"},
		{"should skip without mount namespaces, with unshare's reason", func(h *Host) {
			h.Unshare = func(...string) error {
				return errors.New("exit status 1: unshare: unshare failed: Operation not permitted")
			}
		}, "no private mount namespace (unshare -m: exit status 1: unshare: unshare failed: Operation not permitted)"},
		{"should skip without apt-get", func(h *Host) {
			h.LookPath = func(f string) error {
				if f == "apt-get" {
					return errors.New("not found")
				}
				return nil
			}
		}, "no apt-get (Debian or Ubuntu needed)"},
		{"should skip without a memory cgroup", func(h *Host) { h.MemoryCgroup = func() bool { return false } }, "no memory cgroup controller"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := fine()
			c.change(&h)
			got := h.MissingRuntimes()
			if (c.want == "") != (got == "") || !strings.HasPrefix(got, c.want) {
				t.Fatalf("MissingRuntimes() = %q, want %q", got, c.want)
			}
		})
	}
}
