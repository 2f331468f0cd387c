package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"

	"github.com/nri4j/nri4j/conformance/cases"
	"github.com/nri4j/nri4j/e2e/harness"
)

var crioRelease = regexp.MustCompile(`^v1\.[0-9]+\.[0-9]+$`)

// crioReleases parses -crio: CRI-O releases such as v1.34.0, comma separated.
func crioReleases(list string) []string {
	var versions []string
	for _, v := range strings.Split(list, ",") {
		if v = strings.TrimSpace(v); v != "" {
			if !crioRelease.MatchString(v) {
				fail("-crio: %q is not a CRI-O release such as v1.34.0", v)
			}
			versions = append(versions, v)
		}
	}
	return versions
}

// runtimesLabel names the runtimes in the summary line.
func runtimesLabel(containerd, crio []string) string {
	var parts []string
	if len(containerd) > 0 {
		parts = append(parts, "containerd "+strings.Join(containerd, ", "))
	}
	if len(crio) > 0 {
		parts = append(parts, "CRI-O "+strings.Join(crio, ", "))
	}
	return strings.Join(parts, "; ")
}

// buildCRIO builds (once, cached) each CRI-O release; one that cannot be built counts as a
// failure.
func buildCRIO(versions []string, cache string) (rels []harness.Release, broken int) {
	for _, v := range versions {
		if err := harness.Script("build-crio.sh", v); err != nil {
			fmt.Printf("--- FAIL: e2e/crio-%s (could not build it: %v)\n", v, err)
			broken++
			continue
		}
		nri, err := embeddedNRI("github.com/cri-o/cri-o", v)
		if err != nil {
			fail("CRI-O %s: %v", v, err)
		}
		rels = append(rels, harness.Release{Version: v, NRI: nri, BinDir: filepath.Join(cache, "crio", v, "bin")})
	}
	return rels, broken
}

// runCRIO runs the suite against each CRI-O release, in this private mount namespace.
func runCRIO(root *cases.T, s *harness.Suite, rels []harness.Release, filter string) {
	if len(rels) == 0 {
		return
	}
	err := privateBlobInfoCache()
	for _, r := range rels {
		if err != nil {
			for _, name := range s.ScenarioNames() {
				root.Run("crio-"+r.Version+"/"+name, func(t *cases.T) { t.Skipf("%v", err) })
			}
			continue
		}
		fmt.Printf("=== CRI-O %s (NRI %s)\n", r.Version, r.NRI)
		s.RunCRIO(root, r, filter)
	}
}

// privateBlobInfoCache mounts a tmpfs on /var/lib/containers: the image library CRI-O and
// copyimg share keeps a cache there, whatever their storage configuration says.
func privateBlobInfoCache() error {
	const dir = "/var/lib/containers"
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "mode=0700"); err != nil {
		return fmt.Errorf("tmpfs on %s: %w", dir, err)
	}
	return nil
}
