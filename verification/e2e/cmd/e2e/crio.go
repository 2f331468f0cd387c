package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/nri4j/nri4j/verification/e2e/harness"
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

// buildCRIO builds (once, cached) each CRI-O release; one that cannot be built is a failed
// case, named in broken.
func buildCRIO(versions []string, cache string) (rels []harness.Release, broken []string) {
	for _, v := range versions {
		if err := harness.Script("build-crio.sh", v); err != nil {
			fmt.Printf("--- FAIL: e2e/crio-%s (could not build it: %v)\n", v, err)
			broken = append(broken, "e2e/crio-"+v)
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

// privateBlobInfoCache mounts a tmpfs on /var/lib/containers: the image library CRI-O and
// copyimg share keeps a cache there, whatever their storage configuration says.
func privateBlobInfoCache() error {
	return harness.MountTmpfs("/var/lib/containers", 0o700)
}
