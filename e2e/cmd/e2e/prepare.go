package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"github.com/nri4j/nri4j/conformance/cases"
	"github.com/nri4j/nri4j/e2e/harness"
)

// missing says why real runtimes cannot run here, or "".
func missing() string {
	if runtime.GOOS != "linux" {
		return "containerd runs on Linux only"
	}
	if os.Geteuid() != 0 {
		return "containerd needs root"
	}
	if out, err := exec.Command("unshare", "-m", "--propagation", "private", "true").CombinedOutput(); err != nil {
		return fmt.Sprintf("no private mount namespace (unshare -m: %v: %s)", err, strings.TrimSpace(string(out)))
	}
	if _, err := os.Stat("/sys/fs/cgroup/memory"); err != nil {
		if data, err := os.ReadFile("/sys/fs/cgroup/cgroup.controllers"); err != nil || !strings.Contains(string(data), "memory") {
			return "no memory cgroup controller"
		}
	}
	return ""
}

// skipAll reports every case skipped, never passed.
func skipAll(s *harness.Suite, versions, crio []string, reason, label string) {
	report := &cases.Report{}
	root := cases.NewRoot("e2e", report)
	for _, v := range versions {
		for _, name := range s.ScenarioNames() {
			root.Run("containerd-"+v+"/"+name, func(t *cases.T) { t.Skipf("%s", reason) })
		}
	}
	for _, v := range crio {
		for _, name := range s.ScenarioNames() {
			root.Run("crio-"+v+"/"+name, func(t *cases.T) { t.Skipf("%s", reason) })
		}
	}
	fmt.Printf("e2e: 0 passed, 0 failed (%s), %d skipped: %s\n", label, report.Skipped, reason)
}

// prepareNamespace mounts a tmpfs on /run/containerd in this (private) mount namespace, and
// makes this process the parent of containerd's orphans.
func prepareNamespace() error {
	if err := os.MkdirAll("/run/containerd", 0o711); err != nil {
		return err
	}
	if err := syscall.Mount("tmpfs", "/run/containerd", "tmpfs", 0, "mode=0711"); err != nil {
		return fmt.Errorf("tmpfs on /run/containerd: %w", err)
	}
	return harness.BecomeSubreaper()
}

// embeddedNRI reads the NRI version a runtime's release requires from its go.mod.
func embeddedNRI(module, version string) (string, error) {
	modcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return "", err
	}
	gomod := filepath.Join(strings.TrimSpace(string(modcache)), "cache", "download",
		filepath.FromSlash(module), "@v", version+".mod")
	data, err := os.ReadFile(gomod)
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "github.com/containerd/nri" {
			return f[1], nil
		}
	}
	return "", fmt.Errorf("no github.com/containerd/nri in %s", gomod)
}

// expandClasspath reads a classpath whose @file entries hold more classpath (Maven's
// build-classpath output).
func expandClasspath(spec string) (string, error) {
	var out []string
	for _, entry := range strings.Split(spec, string(os.PathListSeparator)) {
		if strings.HasPrefix(entry, "@") {
			data, err := os.ReadFile(entry[1:])
			if err != nil {
				return "", err
			}
			entry = strings.TrimSpace(string(data))
		}
		if entry != "" {
			out = append(out, entry)
		}
	}
	if len(out) == 0 {
		return "", fmt.Errorf("empty")
	}
	return strings.Join(out, string(os.PathListSeparator)), nil
}
