package harness

import (
	"fmt"

	"github.com/containerd/nri/pkg/api"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"
)

func (h *Harness) synchronize(t *T) {
	t.Run("should receive the runtime's pods and containers, and return updates", func(t *T) {
		pods := []*api.PodSandbox{Pod("pod-a", map[string]string{"sync-update": "ctr-b=cpu"}), Pod("pod-b", nil), Pod("pod-c", nil)}
		ctrs := []*api.Container{Ctr(pods[0], "ctr-a"), Ctr(pods[0], "ctr-b"), Ctr(pods[1], "ctr-c"), Ctr(pods[2], "ctr-d")}
		rt := NewRuntime(t, RuntimeOptions{Pods: pods, Containers: ctrs})
		p := h.StartPlugin(t, rt, PluginOptions{Name: "sync", Idx: "10"})
		updates := rt.AwaitSynced(t, timeoutConnect)
		handled := p.AwaitHandler(t, "Synchronize")
		require.EqualValues(t, 3, handled.Int("pods"))
		require.EqualValues(t, 4, handled.Int("containers"))
		synced := p.AwaitStub(t, "Synchronized")
		require.EqualValues(t, 3, synced.Int("pods"))
		require.EqualValues(t, 4, synced.Int("containers"))
		require.Len(t, updates, 1)
		requireProto(t, wire(UpdateCase("cpu", "ctr-b")), updates[0], "update returned from Synchronize")
	})

	t.Run("should collect a Synchronize over 4 MiB that the runtime splits", func(t *T) {
		const n = 48
		var pods []*api.PodSandbox
		var ctrs []*api.Container
		big := Filler(100 << 10)
		for i := 0; i < n; i++ {
			pod := Pod(fmt.Sprintf("pod-%02d", i), map[string]string{"bulk": big})
			ctr := Ctr(pod, fmt.Sprintf("ctr-%02d", i))
			ctr.Annotations["bulk"] = big
			pods, ctrs = append(pods, pod), append(ctrs, ctr)
		}
		pods[n-1].Annotations[Prefix+"sync-update"] = "ctr-00=memory"
		rt := NewRuntime(t, RuntimeOptions{Pods: pods, Containers: ctrs})
		mark := rt.Calls.Mark()
		p := h.StartPlugin(t, rt, PluginOptions{Name: "bigsync", Idx: "10"})
		updates := rt.AwaitSynced(t, timeoutConnect)

		var parts []Call
		total := 0
		for _, c := range rt.Calls.Since(mark) {
			if c.Method == "Synchronize" && c.Err == nil {
				parts = append(parts, c)
				total += c.RequestSize
			}
		}
		require.GreaterOrEqual(t, len(parts), 3, "the runtime split the synchronization")
		require.Greater(t, total, 4<<20+10)
		for i, part := range parts {
			req, rsp := &api.SynchronizeRequest{}, &api.SynchronizeResponse{}
			require.NoError(t, proto.Unmarshal(part.Request, req))
			require.NoError(t, proto.Unmarshal(part.Response, rsp))
			last := i == len(parts)-1
			require.Equal(t, !last, req.More, "part %d of %d: more", i+1, len(parts))
			if !last {
				require.True(t, rsp.More, "intermediate parts are answered more=true")
				require.Empty(t, rsp.Update, "intermediate parts carry no updates")
			}
		}
		handled := p.AwaitHandler(t, "Synchronize")
		require.EqualValues(t, n, handled.Int("pods"), "the handler saw every pod at once")
		require.EqualValues(t, n, handled.Int("containers"))
		require.Len(t, p.Handled(), 1, "the handler ran once")
		require.Len(t, updates, 1)
		requireProto(t, wire(UpdateCase("memory", "ctr-00")), updates[0], "update returned from the last part")
	})
}
