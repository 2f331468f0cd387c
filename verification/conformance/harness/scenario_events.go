package harness

import (
	"strings"

	"github.com/stretchr/testify/require"
)

// eventsUnderMask: the plugin handles these events, by upstream names.
var eventMasks = []struct {
	name   string
	events []string
}{
	{"all events", LifecycleEvents},
	{"pod events", []string{"RunPodSandbox", "UpdatePodSandbox", "PostUpdatePodSandbox", "StopPodSandbox", "RemovePodSandbox"}},
	{"container events", []string{"CreateContainer", "PostCreateContainer", "StartContainer", "PostStartContainer",
		"UpdateContainer", "PostUpdateContainer", "StopContainer", "RemoveContainer"}},
	{"a sparse mix", []string{"RunPodSandbox", "StartContainer", "PostUpdateContainer", "RemoveContainer"}},
}

func (h *Harness) events(t *T) {
	for _, m := range eventMasks {
		m := m
		t.Run("should get exactly the subscribed events: "+m.name, func(t *T) {
			rt := NewRuntime(t, RuntimeOptions{})
			var names []string
			for _, e := range m.events {
				names = append(names, strings.ToLower(e))
			}
			// The plugin handles them all; the runtime knows and delivers only its own.
			delivered := libraryEvents(m.events)
			p := h.Connect(t, rt, PluginOptions{Name: "events", Idx: "10", Events: strings.Join(names, ",")})
			pod := Pod("pod-events", nil)
			ctr := Ctr(pod, "ctr-events")
			mark := rt.Calls.Mark()
			for _, e := range libraryEvents(LifecycleEvents) {
				require.NoError(t, rt.Event(e, pod, ctr), "runtime %s", e)
			}

			var want, got []string
			for _, e := range delivered {
				want = append(want, wireMethod(e))
			}
			for _, c := range rt.Calls.Since(mark) {
				if c.ToPlugin {
					got = append(got, c.Method)
				}
			}
			require.ElementsMatch(t, want, got, "calls the runtime made to the plugin")
			for _, e := range delivered {
				r := p.AwaitHandler(t, e)
				require.Equal(t, pod.Id, r.Str("pod"), "%s: pod", e)
				if !IsPodEvent(e) {
					require.Equal(t, ctr.Id, r.Str("container"), "%s: container", e)
				}
				require.Equal(t, strings.Split(wireMethod(e), ":")[0], r.Str("method"), "%s: carried by", e)
			}
			require.Len(t, p.Handled(), len(delivered)+1, "handlers ran (Synchronize included)")
			require.Empty(t, Deprecations.All(), "no deprecated StateChange fallback")
		})
	}
}

// wireMethod is the call that carries an event on this runtime.
func wireMethod(event string) string {
	if sc, ok := notifications[event]; ok && !HasDedicatedRPCs {
		return "StateChange:" + sc
	}
	return event
}

// libraryEvents are the events of this runtime library among events: before v0.10.0 there is no
// UpdatePodSandbox or PostUpdatePodSandbox.
func libraryEvents(events []string) []string {
	var known []string
	for _, e := range events {
		if HasPodUpdates || (e != "UpdatePodSandbox" && e != "PostUpdatePodSandbox") {
			known = append(known, e)
		}
	}
	return known
}
