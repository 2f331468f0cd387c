package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/nri4j/nri4j/verification/conformance/cases"
	"github.com/nri4j/nri4j/verification/e2e/harness"
)

// skipAll reports every case skipped, never passed, and returns the driver's exit code: 0, or
// 1 in strict mode.
func skipAll(s *harness.Suite, versions, crio []string, reason, label string, strict bool) int {
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
	code, why := harness.Exit(cases.Summary{Skipped: report.Skipped}, strict)
	if why != "" {
		fmt.Printf("e2e: %s: %s\n", why, reason)
	}
	return code
}

// matchesAny reports whether -run keeps a scenario: one that keeps none would run no case.
func matchesAny(names []string, filter string) bool {
	for _, n := range names {
		if strings.Contains(n, filter) {
			return true
		}
	}
	return false
}

// prepareNamespace readies the private mount namespace the cases run in: a tmpfs on
// /run/containerd, where the runc shim puts its sockets whatever the configuration says; for
// CRI-O one on /var/lib/containers (privateBlobInfoCache); and this process as the parent of
// containerd's orphans. The error names the step that failed.
func prepareNamespace(crio bool) error {
	if err := harness.MountTmpfs("/run/containerd", 0o711); err != nil {
		return err
	}
	if crio {
		if err := privateBlobInfoCache(); err != nil {
			return err
		}
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
