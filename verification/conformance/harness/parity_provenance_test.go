package harness

import (
	"errors"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const (
	testVersion = "v0.12.5"
	testSum     = "h1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="
)

// recorded is a golden file whose build info is that of upstream's plugin built with nri.
func recorded(t *testing.T, nri *debug.Module) *Golden {
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Path: UpstreamPluginPath("ulimit-adjuster"),
		Main:     debug.Module{Path: UpstreamPluginPath("ulimit-adjuster"), Version: "(devel)"},
		Deps:     []*debug.Module{{Path: "github.com/sirupsen/logrus", Version: "v1.9.4", Sum: "h1:x"}, nri},
		Settings: []debug.BuildSetting{{Key: "CGO_ENABLED", Value: "0"}}}
	lines := strings.Split(strings.TrimRight(bi.String(), "\n"), "\n")
	return &Golden{Plugin: "ulimit-adjuster", Library: testVersion, BuildInfo: lines}
}

func nriModule(version, sum string) *debug.Module {
	return &debug.Module{Path: LibraryModule, Version: version, Sum: sum}
}

func TestCheckProvenance(t *testing.T) {
	t.Run("should accept upstream's plugin built with this library", func(t *testing.T) {
		require.NoError(t, CheckProvenance(recorded(t, nriModule(testVersion, testSum)), testVersion, testSum))
	})

	t.Run("should refuse a build with another library version", func(t *testing.T) {
		err := CheckProvenance(recorded(t, nriModule("v0.12.4", testSum)), testVersion, testSum)
		require.ErrorContains(t, err, "built with github.com/containerd/nri v0.12.4")
	})

	t.Run("should refuse a build whose library hash is not the harness's go.sum hash", func(t *testing.T) {
		err := CheckProvenance(recorded(t, nriModule(testVersion, "h1:tampered=")), testVersion, testSum)
		require.ErrorContains(t, err, "h1:tampered=")
	})

	t.Run("should refuse a build with the library replaced by a directory", func(t *testing.T) {
		nri := nriModule(testVersion, "")
		nri.Replace = &debug.Module{Path: "../.."}
		err := CheckProvenance(recorded(t, nri), testVersion, testSum)
		require.ErrorContains(t, err, "replaced by ../..")
	})

	t.Run("should refuse another program's build info", func(t *testing.T) {
		g := recorded(t, nriModule(testVersion, testSum))
		g.Plugin = "device-injector"
		require.ErrorContains(t, CheckProvenance(g, testVersion, testSum), "not upstream's")
	})

	t.Run("should refuse build info without the library", func(t *testing.T) {
		g := recorded(t, nriModule(testVersion, testSum))
		var kept []string
		for _, l := range g.BuildInfo {
			if !strings.Contains(l, LibraryModule+"\t") {
				kept = append(kept, l)
			}
		}
		g.BuildInfo = kept
		require.ErrorContains(t, CheckProvenance(g, testVersion, testSum), "no dependency on")
	})

	t.Run("should refuse build info without its Go version", func(t *testing.T) {
		g := recorded(t, nriModule(testVersion, testSum))
		g.BuildInfo = g.BuildInfo[1:]
		require.ErrorContains(t, CheckProvenance(g, testVersion, testSum), "Go version")
	})

	t.Run("should report a recorded gap as such", func(t *testing.T) {
		err := CheckProvenance(&Golden{Plugin: "ulimit-adjuster", ProvenanceGap: "no source here"}, testVersion, testSum)
		var gap *GapError
		require.True(t, errors.As(err, &gap), "%v", err)
		require.Equal(t, "no source here", gap.Reason)
	})

	t.Run("should refuse a recording with neither build info nor a gap", func(t *testing.T) {
		err := CheckProvenance(&Golden{Plugin: "ulimit-adjuster"}, testVersion, testSum)
		var gap *GapError
		require.Error(t, err)
		require.False(t, errors.As(err, &gap))
	})
}

func TestReadBuildInfoIsWhatParseBuildInfoReads(t *testing.T) {
	self, err := os.Executable()
	require.NoError(t, err)
	lines, err := ReadBuildInfo(self)
	require.NoError(t, err)
	bi, err := debug.ParseBuildInfo(strings.Join(lines, "\n") + "\n")
	require.NoError(t, err)
	require.Equal(t, "go\t"+runtime.Version(), lines[0])
	require.NotEmpty(t, bi.Path)
}
