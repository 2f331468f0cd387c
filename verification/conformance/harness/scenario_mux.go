package harness

import (
	"fmt"
	"time"

	"github.com/containerd/nri/pkg/api"
	"github.com/containerd/ttrpc"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"
)

// muxSizes are whole ttrpc messages (10-byte header included): around the Go reader's
// 4096-byte buffer, two buffers, 1 MiB, 4 MiB, and the largest message ttrpc allows.
var muxSizes = []int{4095, 4096, 4097, 8192, 1 << 20, 4 << 20, 4<<20 + 10}

func (h *Harness) mux(t *T) {
	var failedReply []*api.ContainerUpdate // what UpdateContainers answers, set per case
	rt := NewRuntime(t, RuntimeOptions{UpdateReply: func([]*api.ContainerUpdate) []*api.ContainerUpdate {
		return failedReply
	}})
	p := h.Connect(t, rt, PluginOptions{Name: "mux", Idx: "10", Events: "createcontainer"})

	for _, size := range muxSizes {
		size := size
		t.Run(fmt.Sprintf("should carry %d-byte messages both ways on both conns", size), func(t *T) {
			failedReply = []*api.ContainerUpdate{paddedUpdateReply(t, size)}
			steer := map[string]string{"reply-size": fmt.Sprint(size), "unsolicited": "ctr-mux=cpu",
				"unsolicited-size": fmt.Sprint(size)}
			pod, ctr, pad := paddedCreateRequest(t, size, steer)
			mark := rt.Calls.Mark()
			rsp, err := rt.CreateContainer(pod, ctr)
			require.NoError(t, err)

			create := findCall(rt.Calls.Since(mark), "CreateContainer")
			require.Equal(t, size, create.RequestSize, "runtime to plugin, conn 1: request")
			seen := p.AwaitHandler(t, "CreateContainer")
			require.EqualValues(t, len(create.Request), seen.Int("bytes"), "the plugin read the whole request")
			require.EqualValues(t, CRC(pad), seen.Int("padCrc"), "and its content")
			require.Equal(t, size, create.ResponseSize, "plugin to runtime, conn 1: response")
			require.NotEmpty(t, rsp.GetAdjust().GetAnnotations()[Prefix+"pad"], "the runtime took the padded adjustment")

			rt.AwaitUnsolicited(t, 20*time.Second)
			result := p.Await(t, 20*time.Second, "the UpdateContainers result", func(r Line) bool { return r.Kind() == "updates" })
			update := findCall(rt.Calls.Since(mark), "UpdateContainers")
			require.NotNil(t, update)
			require.Equal(t, size, update.RequestSize, "plugin to runtime, conn 2: request")
			require.Equal(t, size, update.ResponseSize, "runtime to plugin, conn 2: response")
			require.EqualValues(t, len(update.Response), result.Int("responseBytes"), "the plugin read the whole response")
			require.EqualValues(t, CRC(failedReply[0].Linux.Resources.Unified[Prefix+"pad"]), result.Int("padCrc"))
		})
	}

	t.Run("should answer ResourceExhausted for a reply over 4 MiB, and stay connected", func(t *T) {
		pod := Pod("pod-huge", map[string]string{"reply-size": fmt.Sprint(4<<20 + 11)})
		_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-huge"))
		require.Error(t, err)
		require.Contains(t, err.Error(), "ResourceExhausted")
		require.Contains(t, err.Error(), "exceed maximum message size of 4194304")
		p.AwaitHandler(t, "CreateContainer")
		ok := Pod("pod-fine", map[string]string{"adjust": "annotations"})
		_, err = rt.CreateContainer(ok, Ctr(ok, "ctr-fine"))
		require.NoError(t, err, "still connected")
		p.AwaitHandler(t, "CreateContainer")
	})
}

// paddedCreateRequest pads a CreateContainer request so that the runtime's ttrpc message is
// exactly size bytes.
func paddedCreateRequest(t *T, size int, steer map[string]string) (*api.PodSandbox, *api.Container, string) {
	build := func(extra, filler int) (*api.PodSandbox, *api.Container) {
		s := map[string]string{"x": Filler(extra), "pad": Filler(filler)}
		for k, v := range steer {
			s[k] = v
		}
		pod := Pod("pod-mux", s)
		return pod, Ctr(pod, "ctr-mux")
	}
	messageSize := func(extra, filler int) int {
		pod, ctr := build(extra, filler)
		payload, err := proto.Marshal(&api.CreateContainerRequest{Pod: pod, Container: ctr})
		require.NoError(t, err)
		envelope := &ttrpc.Request{Service: "nri.pkg.api.v1alpha1.Plugin", Method: "CreateContainer",
			Payload: payload, TimeoutNano: int64(2 * time.Second)}
		return ttrpcHeader + proto.Size(envelope)
	}
	extra, filler, err := PadTo(size, messageSize)
	require.NoError(t, err)
	pod, ctr := build(extra, filler)
	return pod, ctr, Filler(filler)
}

// paddedUpdateReply is a failed update that makes the runtime's UpdateContainers response
// exactly size bytes.
func paddedUpdateReply(t *T, size int) *api.ContainerUpdate {
	build := func(extra, filler int) *api.ContainerUpdate {
		u := UpdateCase("cpu", "ctr-mux")
		u.AddLinuxUnified(Prefix+"x", Filler(extra))
		u.AddLinuxUnified(Prefix+"pad", Filler(filler))
		return u
	}
	messageSize := func(extra, filler int) int {
		payload, err := proto.Marshal(&api.UpdateContainersResponse{Failed: []*api.ContainerUpdate{build(extra, filler)}})
		require.NoError(t, err)
		return ttrpcHeader + proto.Size(&ttrpc.Response{Status: okStatus(), Payload: payload})
	}
	extra, filler, err := PadTo(size, messageSize)
	require.NoError(t, err)
	return build(extra, filler)
}
