package harness

import (
	"fmt"
	"os"
	"syscall"
)

// The inner runs' set-up of their private namespaces. Each error names its step: the drivers
// found their prerequisites before, so a failure here fails the run with this message.

// MountTmpfs mounts a tmpfs on dir (created on the host if missing, and left there empty) in
// this process's private mount namespace.
func MountTmpfs(dir string, mode os.FileMode) error {
	if err := os.MkdirAll(dir, mode); err != nil {
		return fmt.Errorf("tmpfs on %s: %w", dir, err)
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, fmt.Sprintf("mode=%04o", mode)); err != nil {
		return fmt.Errorf("tmpfs on %s: %w", dir, err)
	}
	return nil
}

// BecomeSubreaper makes this process the parent of what containerd daemonizes (its shims), so
// KillOrphans can find them.
func BecomeSubreaper() error {
	const prSetChildSubreaper = 36
	_, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
	if errno != 0 {
		return fmt.Errorf("subreaper for containerd's daemons (prctl PR_SET_CHILD_SUBREAPER): %w", errno)
	}
	return nil
}
