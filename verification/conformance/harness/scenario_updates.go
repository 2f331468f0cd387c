package harness

import (
	"time"

	"github.com/containerd/nri/pkg/api"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"
)

func (h *Harness) updates(t *T) {
	rt := NewRuntime(t, RuntimeOptions{})
	h.Connect(t, rt, PluginOptions{Name: "updater", Idx: "10",
		Events: "createcontainer,updatecontainer,stopcontainer"})
	kinds := []string{"cpu", "memory", "classes", "hugepages", "unified"}

	t.Run("should update other containers from a CreateContainer reply", func(t *T) {
		pod := Pod("pod-upd", map[string]string{"update": "ctr-cpu=cpu,ctr-memory=memory,ctr-classes=classes," +
			"ctr-hugepages=hugepages,ctr-unified=unified"})
		mark := rt.Calls.Mark()
		rsp, err := rt.CreateContainer(pod, Ctr(pod, "ctr-new"))
		require.NoError(t, err)
		raw := &api.CreateContainerResponse{}
		require.NoError(t, proto.Unmarshal(findCall(rt.Calls.Since(mark), "CreateContainer").Response, raw))
		require.Len(t, raw.Update, len(kinds))
		require.Len(t, rsp.Update, len(kinds))
		for i, kind := range kinds {
			requireProto(t, wire(UpdateCase(kind, "ctr-"+kind)), raw.Update[i], "update "+kind)
			require.Equal(t, "ctr-"+kind, rsp.Update[i].ContainerId)
		}
		require.EqualValues(t, 256, rsp.Update[0].Linux.Resources.Cpu.Shares.GetValue(), "cpu applied")
		require.EqualValues(t, 128<<20, rsp.Update[1].Linux.Resources.Memory.Limit.GetValue(), "memory applied")
		require.Equal(t, "bronze", rsp.Update[2].Linux.Resources.RdtClass.GetValue(), "classes applied")
		require.Len(t, rsp.Update[3].Linux.Resources.HugepageLimits, 1, "hugepages applied")
		require.Equal(t, "50", rsp.Update[4].Linux.Resources.Unified["cpu.weight"], "unified applied")
	})

	t.Run("should fail a creation whose reply updates the container being created", func(t *T) {
		pod := Pod("pod-self", map[string]string{"update": "ctr-self=cpu"})
		_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-self"))
		require.Error(t, err)
		require.Contains(t, err.Error(), `asked update of "ctr-self" during creation`)
	})

	t.Run("should update containers from an UpdateContainer reply", func(t *T) {
		pod := Pod("pod-upd2", map[string]string{"update": "ctr-target=memory,ctr-other=cpu"})
		requested := &api.LinuxResources{Cpu: &api.LinuxCPU{Shares: api.UInt64(uint64(2048))}}
		rsp, err := rt.UpdateContainer(pod, Ctr(pod, "ctr-target"), requested)
		require.NoError(t, err)
		require.Len(t, rsp.Update, 2)
		require.Equal(t, "ctr-other", rsp.Update[0].ContainerId)
		target := rsp.Update[1]
		require.Equal(t, "ctr-target", target.ContainerId, "the updated container comes last")
		require.EqualValues(t, 128<<20, target.Linux.Resources.Memory.Limit.GetValue(), "plugin's change merged")
		require.EqualValues(t, 2048, target.Linux.Resources.Cpu.Shares.GetValue(), "requested change kept")
	})

	t.Run("should update containers from a StopContainer reply", func(t *T) {
		pod := Pod("pod-stop", map[string]string{"update": "ctr-survivor=cpu"})
		rsp, err := rt.StopContainer(pod, Ctr(pod, "ctr-stopping"))
		require.NoError(t, err)
		require.Len(t, rsp.Update, 1)
		require.Equal(t, "ctr-survivor", rsp.Update[0].ContainerId)
		require.EqualValues(t, 256, rsp.Update[0].Linux.Resources.Cpu.Shares.GetValue())
	})

	t.Run("should pass ignore_failure on", func(t *T) {
		pod := Pod("pod-ignore", map[string]string{"update": "ctr-maybe=ignore-failure"})
		rsp, err := rt.StopContainer(pod, Ctr(pod, "ctr-stopping"))
		require.NoError(t, err)
		require.True(t, rsp.Update[0].IgnoreFailure)
	})
}

func (h *Harness) unsolicited(t *T) {
	failing := "ctr-gone"
	rt := NewRuntime(t, RuntimeOptions{UpdateReply: func(updates []*api.ContainerUpdate) []*api.ContainerUpdate {
		var failed []*api.ContainerUpdate
		for _, u := range updates {
			if u.ContainerId == failing {
				failed = append(failed, u)
			}
		}
		return failed
	}})
	p := h.Connect(t, rt, PluginOptions{Name: "unsolicited", Idx: "10",
		Events: "createcontainer,poststartcontainer"})

	t.Run("should deliver unsolicited updates unchanged and get back the failed ones", func(t *T) {
		pod := Pod("pod-uns", map[string]string{"unsolicited": "ctr-a=cpu," + failing + "=memory",
			"unsolicited-on": "PostStartContainer"})
		require.NoError(t, rt.Event("PostStartContainer", pod, Ctr(pod, "ctr-a")))
		got := rt.AwaitUnsolicited(t, 10*time.Second)
		require.Len(t, got, 2)
		requireProto(t, wire(UpdateCase("cpu", "ctr-a")), got[0], "first update")
		requireProto(t, wire(UpdateCase("memory", failing)), got[1], "second update")
		result := p.Await(t, 10*time.Second, "the result of UpdateContainers", func(r Line) bool {
			return r.Kind() == "updates"
		})
		require.EqualValues(t, 1, result.Int("failed"), "failures returned by the runtime: %v", result)
		require.Equal(t, []string{failing}, result.Strings("failedIds"))
	})

	t.Run("should send updates asked for inside a handler once it has answered", func(t *T) {
		// The runtime holds its lock while it calls plugins, and applies updates under it: an
		// update sent before the answer would wait for the answer (containerd#13733).
		// A handler that waited for its update would overrun the runtime's deadline, and the
		// runtime would end the call in an error and drop the plugin.
		pod := Pod("pod-inside", map[string]string{"unsolicited": "ctr-other=cpu"})
		mark := rt.Calls.Mark()
		_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-new"))
		require.NoError(t, err)
		create := findCall(rt.Calls.Since(mark), "CreateContainer")
		require.NotNil(t, create, "the plugin got CreateContainer")
		require.NoError(t, create.Err, "CreateContainer was answered before the deadline: it did not wait for the update")
		got := rt.AwaitUnsolicited(t, 10*time.Second)
		requireProto(t, wire(UpdateCase("cpu", "ctr-other")), got[0], "update")
		require.NotContains(t, p.Milestones(), "Disconnected")
		p.Await(t, 10*time.Second, "the result of UpdateContainers", func(r Line) bool { return r.Kind() == "updates" })
	})

	t.Run("should refuse to wait for an update inside a handler, at once", func(t *T) {
		pod := Pod("pod-join", map[string]string{"unsolicited": "ctr-other=memory", "unsolicited-join": "true"})
		_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-new"))
		require.NoError(t, err, "the handler answered in time")
		refused := p.Await(t, 5*time.Second, "the refused wait", func(r Line) bool { return r.Kind() == "join" })
		require.Equal(t, "refused", refused.Event())
		require.Contains(t, refused.Str("message"), "would deadlock")
		got := rt.AwaitUnsolicited(t, 10*time.Second)
		requireProto(t, wire(UpdateCase("memory", "ctr-other")), got[0], "the update still went out")
		p.Await(t, 10*time.Second, "the result of UpdateContainers", func(r Line) bool { return r.Kind() == "updates" })
	})
}
