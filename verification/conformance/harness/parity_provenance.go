package harness

import (
	"debug/buildinfo"
	"fmt"
	"runtime/debug"
	"strings"
)

// LibraryModule is the NRI runtime library module; its checksum pins the code that merged the
// parity outcomes.
const LibraryModule = "github.com/containerd/nri"

// UpstreamPluginPath is the package path of upstream's plugin of that name.
func UpstreamPluginPath(plugin string) string { return LibraryModule + "/plugins/" + plugin }

// Library is the runtime library this binary was built with: its version and go.sum hash.
func Library() (version, sum string) {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, m := range bi.Deps {
			if m.Path == LibraryModule {
				if m.Replace != nil {
					m = m.Replace
				}
				return m.Version, m.Sum
			}
		}
	}
	return "unknown", ""
}

// ReadBuildInfo reads a Go binary's build info, as `go version -m` prints it, one line per
// entry, for a Golden's BuildInfo.
func ReadBuildInfo(binary string) ([]string, error) {
	bi, err := buildinfo.ReadFile(binary)
	if err != nil {
		return nil, err
	}
	return strings.Split(strings.TrimRight(bi.String(), "\n"), "\n"), nil
}

// GapError is a golden file without build info that says why it has none: its provenance is
// what its Upstream field says, and nothing checks it.
type GapError struct{ Reason string }

func (e *GapError) Error() string { return "no build info recorded: " + e.Reason }

// CheckProvenance checks that g's build info is that of upstream's plugin built with the runtime
// library version and sum given (the harness's own, from its go.sum). A golden file without
// build info returns a *GapError if it records why, and an error otherwise.
func CheckProvenance(g *Golden, version, sum string) error {
	if len(g.BuildInfo) == 0 {
		if strings.TrimSpace(g.ProvenanceGap) == "" {
			return fmt.Errorf("%s has neither the upstream plugin's build info nor a recorded reason why not: "+
				"record it again (verification/conformance/parity/README.md)", g.Plugin)
		}
		return &GapError{Reason: g.ProvenanceGap}
	}
	bi, err := debug.ParseBuildInfo(strings.Join(g.BuildInfo, "\n") + "\n")
	if err != nil {
		return fmt.Errorf("the recorded build info does not parse: %w", err)
	}
	if want := UpstreamPluginPath(g.Plugin); bi.Path != want {
		return fmt.Errorf("the recorded binary is %q, not upstream's %s", bi.Path, want)
	}
	if !strings.HasPrefix(g.BuildInfo[0], "go\tgo") { // ParseBuildInfo leaves the Go version out
		return fmt.Errorf("the recorded build info does not start with its Go version")
	}
	for _, m := range bi.Deps {
		if m.Path != LibraryModule {
			continue
		}
		if m.Replace != nil {
			return fmt.Errorf("the recorded binary was built with %s replaced by %s %s: its version is not "+
				"checkable; build it with the replace directive dropped (verification/conformance/parity/README.md)",
				LibraryModule, m.Replace.Path, m.Replace.Version)
		}
		if m.Version != version || m.Sum != sum {
			return fmt.Errorf("the recorded binary was built with %s %s %s, this harness has %s %s: record it again",
				LibraryModule, m.Version, m.Sum, version, sum)
		}
		return nil
	}
	return fmt.Errorf("the recorded build info has no dependency on %s", LibraryModule)
}
