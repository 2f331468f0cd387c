package harness

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// Host is what the drivers' prerequisite checks look at: this machine (ThisHost), or a
// stand-in in their tests, so that the line between "cannot run here" (every case skipped)
// and "broken" (a failure) is itself tested.
type Host struct {
	GOOS         string
	EUID         int
	Unshare      func(flags ...string) error // runs `unshare <flags> true`
	LookPath     func(file string) error
	MemoryCgroup func() bool
}

// ThisHost is the machine the driver runs on.
func ThisHost() Host {
	return Host{
		GOOS: runtime.GOOS,
		EUID: os.Geteuid(),
		Unshare: func(flags ...string) error {
			out, err := exec.Command("unshare", append(flags, "true")...).CombinedOutput()
			if err != nil {
				return fmt.Errorf("%v: %s", err, strings.TrimSpace(string(out)))
			}
			return nil
		},
		LookPath: func(file string) error { _, err := exec.LookPath(file); return err },
		MemoryCgroup: func() bool {
			if _, err := os.Stat("/sys/fs/cgroup/memory"); err == nil {
				return true
			}
			data, err := os.ReadFile("/sys/fs/cgroup/cgroup.controllers")
			return err == nil && strings.Contains(string(data), "memory")
		},
	}
}

// MissingRuntimes says why real runtimes (cmd/e2e) cannot run on h, or "": a missing
// prerequisite skips every case. Whatever fails after these were found is a failure of the suite.
func (h Host) MissingRuntimes() string {
	if h.GOOS != "linux" {
		return "containerd and CRI-O run on Linux only"
	}
	if h.EUID != 0 {
		return "containerd and CRI-O need root"
	}
	if err := h.Unshare("-m", "--propagation", "private"); err != nil {
		return fmt.Sprintf("no private mount namespace (unshare -m: %v)", err)
	}
	if reason := h.MissingDebian(); reason != "" {
		return reason
	}
	if !h.MemoryCgroup() {
		return "no memory cgroup controller"
	}
	return ""
}

// MissingDebian says why scripts/fetch-debs.sh cannot get runc, busybox and the CNI plugins
// here, or "": it needs Debian's (or Ubuntu's) package tools.
func (h Host) MissingDebian() string {
	for _, tool := range []string{"apt-get", "dpkg-deb"} {
		if err := h.LookPath(tool); err != nil {
			return fmt.Sprintf("no %s (Debian or Ubuntu needed) to fetch runc, busybox and the CNI plugins", tool)
		}
	}
	return ""
}
