package harness

import (
	"fmt"
	"time"

	"github.com/containerd/nri/pkg/api"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"
)

func (h *Harness) handshake(t *T) {
	// Custom timeouts, as upstream's own test does; the containerd release that ships this
	// library, so that a runtime without version exchange leaves something to infer.
	rt := NewRuntime(t, RuntimeOptions{Name: "containerd", Version: DefaultRuntimeVersion,
		RegistrationTimeout: 5005 * time.Millisecond, RequestTimeout: 2007 * time.Millisecond})
	mark := rt.Calls.Mark()
	p := h.Connect(t, rt, PluginOptions{Name: "handshake", Idx: "10", Events: "createcontainer,stopcontainer"})
	configured := p.AwaitStub(t, "Configured")

	t.Run("should be configured, then synchronized", func(t *T) {
		var order []string
		for _, c := range rt.Calls.Since(mark) {
			if c.ToPlugin {
				order = append(order, c.Method)
			}
		}
		require.Equal(t, []string{"Configure", "Synchronize"}, order, "calls from the runtime")
	})

	t.Run("should receive the runtime's name and version", func(t *T) {
		require.Equal(t, "containerd", configured.Str("runtime"))
		require.Equal(t, DefaultRuntimeVersion, configured.Str("runtimeVersion"))
	})

	t.Run("should receive the runtime's timeouts", func(t *T) {
		require.EqualValues(t, 5005, configured.Int("registrationTimeoutMs"))
		require.EqualValues(t, 2007, configured.Int("requestTimeoutMs"))
	})

	t.Run("should know the runtime's NRI version", func(t *T) {
		if HasVersionExchange {
			require.Equal(t, NRIVersion(), configured.Str("reportedNriVersion"), "reported by the runtime")
			require.Equal(t, NRIVersion(), configured.Str("nriVersion"))
			require.False(t, configured.Bool("inferred"))
			require.Empty(t, configured.Str("assumedNriVersion"))
		} else {
			require.Equal(t, "", configured.Str("reportedNriVersion"), "this runtime reports none")
			require.Equal(t, NRIVersion(), configured.Str("nriVersion"), "inferred from containerd "+DefaultRuntimeVersion)
			require.True(t, configured.Bool("inferred"))
			require.Equal(t, NRIVersion(), configured.Str("assumedNriVersion"))
		}
	})

	t.Run("should subscribe to exactly the events it handles", func(t *T) {
		configure := findCall(rt.Calls.Since(mark), "Configure")
		require.NotNil(t, configure)
		rsp := &api.ConfigureResponse{}
		require.NoError(t, proto.Unmarshal(configure.Response, rsp))
		want := mask(api.Event_CREATE_CONTAINER, api.Event_STOP_CONTAINER)
		require.Equal(t, want, rsp.Events, "ConfigureResponse.events")
		require.EqualValues(t, want, configured.Int("subscribed"))
	})
}

// The events NRI v0.10.0 added, by number: libraries before it have no names for them.
const (
	eventUpdatePodSandbox = api.Event(12)
	eventValidate         = api.Event(14)
)

func mask(events ...api.Event) int32 {
	var m api.EventMask
	for _, e := range events {
		m.Set(e)
	}
	return int32(m)
}

func (h *Harness) subscription(t *T) {
	t.Run("should leave out events the runtime's NRI version does not know", func(t *T) {
		// containerd v2.1.x ships NRI v0.8.0, which predates UpdatePodSandbox and validation.
		rt := NewRuntime(t, RuntimeOptions{Name: "containerd", Version: "v2.1.3"})
		mark := rt.Calls.Mark()
		p := h.Connect(t, rt, PluginOptions{Name: "masked", Idx: "10",
			Events: "updatepodsandbox,createcontainer,validatecontaineradjustment"})
		rsp := &api.ConfigureResponse{}
		require.NoError(t, proto.Unmarshal(findCall(rt.Calls.Since(mark), "Configure").Response, rsp))
		if HasVersionExchange {
			// The runtime reports its own version, which knows all three: nothing is left out.
			require.Equal(t, mask(eventUpdatePodSandbox, api.Event_CREATE_CONTAINER, eventValidate), rsp.Events)
		} else {
			require.Equal(t, mask(api.Event_CREATE_CONTAINER), rsp.Events)
			p.AwaitStderr(t, `containerd "v2.1.3" reports no NRI version; assuming NRI v0.8.0, the version`+
				` containerd v2.1.3 ships; left out: UpdatePodSandbox,ValidateContainerAdjustment (unknown to NRI v0.8.0)`)
		}
	})

	t.Run("should refuse Configure when the runtime knows none of its events", func(t *T) {
		if HasVersionExchange {
			t.Skipf("NRI %s reports its version, which knows every event", NRIVersion())
		}
		rt := NewRuntime(t, RuntimeOptions{Name: "containerd", Version: "v2.1.3"})
		p := h.StartPlugin(t, rt, PluginOptions{Name: "unknowable", Idx: "10", Events: "updatepodsandbox"})
		disconnected := p.AwaitStub(t, "Disconnected")
		require.Equal(t, "the runtime closed the connection", disconnected.Str("reason"))
		p.AwaitStderr(t, "none of the events 10-unknowable handles (UpdatePodSandbox) is known to containerd v2.1.3")
	})
	t.Run("with the runtime's version as builds report it", func(t *T) {
		for _, v := range reportedVersions {
			v := v
			t.Run(fmt.Sprintf("should be accepted and synchronized by %s %q", v.name, v.version), func(t *T) {
				h.guessedVersion(t, v)
			})
		}
	})

	t.Run("should still ask for newer events when the version is unknown and nothing else is left", func(t *T) {
		rt := NewRuntime(t, RuntimeOptions{Name: "containerd", Version: ""})
		p := h.StartPlugin(t, rt, PluginOptions{Name: "hopeful", Idx: "10", Events: "updatepodsandbox"})
		if HasVersionExchange {
			p.AwaitStub(t, "Synchronized")
			require.NotContains(t, p.Stderr(), "reports no NRI version")
			return
		}
		require.Contains(t, p.Await(t, 15*time.Second, "Configured or Disconnected", func(r Line) bool {
			return r.Kind() == "stub" && (r.Event() == "Configured" || r.Event() == "Disconnected")
		}).Event(), "Configured", "the plugin answered Configure")
		p.AwaitStderr(t, `containerd "" reports no NRI version and no release this plugin can place;`+
			` assuming NRI v0.8.0, the oldest it supports; subscribing to UpdatePodSandbox anyway`)
		if HasPodUpdates {
			p.AwaitStub(t, "Synchronized")
		} else {
			// The only case where a guess meets a refusal: the plugin cannot work with this runtime.
			require.Equal(t, "the runtime closed the connection", p.AwaitStub(t, "Disconnected").Str("reason"))
		}
	})
}
