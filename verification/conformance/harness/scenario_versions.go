package harness

import (
	"fmt"
	"strings"

	"github.com/containerd/nri/pkg/api"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"
)

// reportedVersion is a runtime's name and version as a real build reports them, with the NRI
// version a plugin should take the runtime for when it reports none (before NRI v0.12.0).
type reportedVersion struct {
	name, version string
	nri           string // what the plugin should assume
	placed        bool   // the plugin can place the release; otherwise it assumes the oldest
}

var reportedVersions = []reportedVersion{
	{"containerd", "v2.1.0-rc.1", "v0.8.0", true},              // a pre-release
	{"containerd", "1.7.24~ds1", "v0.6.1", true},               // Debian
	{"containerd", "v1.7.27-0ubuntu1~24.04.1", "v0.8.0", true}, // Ubuntu
	{"containerd", "v1.7.23-k3s2", "v0.6.1", true},             // k3s
	{"cri-o", "1.34.1", "v0.10.0", true},                       // CRI-O, which reports no v
	{"containerd", "", "v0.8.0", false},                        // nothing at all
	{"containerd", "2.x-custom", "v0.8.0", false},              // nothing a release can be read from
}

// knowsNewerEvents: NRI v0.10.0 added UpdatePodSandbox, PostUpdatePodSandbox and validation.
func knowsNewerEvents(nri string) bool {
	return nri != "v0.6.1" && nri != "v0.8.0"
}

// guessedVersion connects a plugin that handles an old and two newer events to a runtime that
// reports v's name and version, and checks what the plugin subscribed to and said.
func (h *Harness) guessedVersion(t *T, v reportedVersion) {
	newer := knowsNewerEvents(v.nri)
	if !HasVersionExchange && newer && !HasPodUpdates {
		t.Skipf("%s %s ships NRI %s, whose events NRI %s refuses: no such runtime runs this library",
			v.name, v.version, v.nri, NRIVersion())
	}
	rt := NewRuntime(t, RuntimeOptions{Name: v.name, Version: v.version})
	mark := rt.Calls.Mark()
	p := h.Connect(t, rt, PluginOptions{Name: "guess", Idx: "10",
		Events: "updatepodsandbox,createcontainer,validatecontaineradjustment"})
	configured := p.AwaitStub(t, "Configured")
	rsp := &api.ConfigureResponse{}
	require.NoError(t, proto.Unmarshal(findCall(rt.Calls.Since(mark), "Configure").Response, rsp))

	all := mask(eventUpdatePodSandbox, api.Event_CREATE_CONTAINER, eventValidate)
	stderr := p.Stderr()
	if HasVersionExchange {
		require.Equal(t, all, rsp.Events, "the runtime reports its NRI version, which knows every event")
		require.False(t, configured.Bool("inferred"))
		require.NotContains(t, stderr, "reports no NRI version")
	} else {
		want := mask(api.Event_CREATE_CONTAINER)
		if newer {
			want = all
		}
		require.Equal(t, want, rsp.Events, "ConfigureResponse.events")
		require.True(t, configured.Bool("inferred"))
		require.Equal(t, v.nri, configured.Str("assumedNriVersion"))
		require.Equal(t, 1, strings.Count(stderr, "reports no NRI version"), "said once:\n%s", stderr)
		said := fmt.Sprintf("%s %q reports no NRI version", v.name, v.version)
		if v.placed {
			said += "; assuming NRI " + v.nri + ", the version " + v.name
		} else {
			said += " and no release this plugin can place; assuming NRI " + v.nri + ", the oldest it supports"
		}
		require.Contains(t, stderr, said)
		t.Logf("%s", lineWith(stderr, said))
		if newer {
			require.Contains(t, stderr, "; left out: none")
		} else {
			require.Contains(t, stderr, "; left out: UpdatePodSandbox,ValidateContainerAdjustment (unknown to NRI "+v.nri+")")
		}
	}

	pod := Pod("pod-guess", nil)
	_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-guess"))
	require.NoError(t, err, "events flow")
	p.AwaitHandler(t, "CreateContainer")
}

// lineWith is the first line of text that contains part.
func lineWith(text, part string) string {
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, part) {
			return line
		}
	}
	return ""
}
