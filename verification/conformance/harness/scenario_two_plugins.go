package harness

import (
	"strings"

	"github.com/stretchr/testify/require"
)

func (h *Harness) twoPlugins(t *T) {
	rt := NewRuntime(t, RuntimeOptions{})
	// Started in the reverse of their index order.
	second := h.Connect(t, rt, PluginOptions{Name: "second", Idx: "20", Events: "createcontainer"})
	first := h.Connect(t, rt, PluginOptions{Name: "first", Idx: "10", Events: "createcontainer"})

	t.Run("should be called in index order, each seeing the changes before it", func(t *T) {
		pod := Pod("pod-order", map[string]string{"adjust": "order-env"})
		rsp, err := rt.CreateContainer(pod, Ctr(pod, "ctr-order"))
		require.NoError(t, err)
		sawFirst := first.AwaitHandler(t, "CreateContainer").Strings("env")
		sawSecond := second.AwaitHandler(t, "CreateContainer").Strings("env")
		require.NotContains(t, strings.Join(sawFirst, " "), "ORDER_20", "10 runs before 20")
		require.Contains(t, sawSecond, "ORDER_10=10-first", "20 sees what 10 did")
		require.Len(t, rsp.Adjust.Env, 2)
	})

	t.Run("should fail when both claim the same annotation", func(t *T) {
		pod := Pod("pod-conflict", map[string]string{"adjust": "claim-annotation"})
		_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-conflict"))
		require.Error(t, err)
		require.Contains(t, err.Error(), "both tried to set "+conflictAnnotation+Prefix+"owner")
		require.Contains(t, err.Error(), `"10-first"`)
		require.Contains(t, err.Error(), `"20-second"`)
	})

	t.Run("should fail when both claim the same resource", func(t *T) {
		pod := Pod("pod-conflict2", map[string]string{"adjust": "claim-memory"})
		_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-conflict2"))
		require.Error(t, err)
		require.Contains(t, err.Error(), "both tried to set "+conflictMemLimit)
	})

	t.Run("should let the later plugin take over by removing, then setting", func(t *T) {
		pod := Pod("pod-takeover", map[string]string{"adjust.10": "claim-annotation",
			"adjust.20": "takeover-annotation,takeover-env"})
		rsp, err := rt.CreateContainer(pod, Ctr(pod, "ctr-takeover"))
		require.NoError(t, err)
		require.Equal(t, "20-second", rsp.Adjust.Annotations[Prefix+"owner"])
		require.Contains(t, rsp.Adjust.Annotations, "-"+Prefix+"owner")
		require.Equal(t, "OWNER", rsp.Adjust.Env[0].Key)
		require.Equal(t, "20-second", rsp.Adjust.Env[0].Value, "takes over the runtime's own env too")
	})

	t.Run("should merge the hooks of both", func(t *T) {
		pod := Pod("pod-hooks", map[string]string{"adjust": "hook-merge"})
		rsp, err := rt.CreateContainer(pod, Ctr(pod, "ctr-hooks"))
		require.NoError(t, err)
		require.Len(t, rsp.Adjust.Hooks.Prestart, 2)
		require.Equal(t, "/bin/10-first", rsp.Adjust.Hooks.Prestart[0].Path)
		require.Equal(t, "/bin/20-second", rsp.Adjust.Hooks.Prestart[1].Path)
	})
}
