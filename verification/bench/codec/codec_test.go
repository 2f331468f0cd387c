// Package codec holds the Go side of the codec benchmark (codec-jmh holds the Java side): the
// same CreateContainerRequest, framed the same way, decoded and answered with the same steps.
package codec

import (
	"encoding/binary"
	"testing"

	"github.com/containerd/nri/pkg/api"
	"github.com/containerd/ttrpc"
	"google.golang.org/protobuf/proto"
)

const headerLength = 10

// request mirrors Frames.createContainerRequest() in codec-jmh.
func request() *api.CreateContainerRequest {
	pod := &api.PodSandbox{
		Id:   "0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0",
		Name: "web-7d9f8c6b5-x2k4p", Uid: "3b1f6a2e-5c4d-4e8f-9a7b-1c2d3e4f5a6b", Namespace: "default",
		Labels: map[string]string{"app": "web", "pod-template-hash": "7d9f8c6b5"},
		Annotations: map[string]string{"kubernetes.io/config.seen": "2026-11-23T14:00:00.000000000Z",
			"kubernetes.io/config.source": "api"},
	}
	ctr := &api.Container{
		Id:           "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90",
		PodSandboxId: pod.Id, Name: "app",
		Labels: map[string]string{"io.kubernetes.container.name": "app"},
		Annotations: map[string]string{"io.kubernetes.container.hash": "5d2b4c1a",
			"io.kubernetes.container.restartCount": "0"},
		Args: []string{"/bin/app", "--port=8080"},
		Env: []string{"PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
			"HOSTNAME=web-7d9f8c6b5-x2k4p", "KUBERNETES_SERVICE_HOST=10.96.0.1"},
		Mounts: []*api.Mount{{Destination: "/var/run/secrets/kubernetes.io/serviceaccount",
			Source: "/var/lib/kubelet/pods/3b1f6a2e/volumes/kubernetes.io~projected/kube-api-access",
			Type:   "bind", Options: []string{"rbind", "ro"}}},
		Linux: &api.LinuxContainer{Resources: &api.LinuxResources{
			Memory: &api.LinuxMemory{Limit: api.Int64(512 << 20)},
			Cpu:    &api.LinuxCPU{Shares: api.UInt64(1024)},
		}},
	}
	return &api.CreateContainerRequest{Pod: pod, Container: ctr}
}

func frame(tb testing.TB) []byte {
	payload, err := proto.Marshal(request())
	if err != nil {
		tb.Fatal(err)
	}
	envelope, err := proto.Marshal(&ttrpc.Request{Service: "nri.pkg.api.v1alpha1.Plugin",
		Method: "CreateContainer", Payload: payload, TimeoutNano: 2_000_000_000})
	if err != nil {
		tb.Fatal(err)
	}
	return appendFrame(nil, 1, 1, envelope)
}

func appendFrame(dst []byte, stream uint32, kind byte, data []byte) []byte {
	var h [headerLength]byte
	binary.BigEndian.PutUint32(h[0:], uint32(len(data)))
	binary.BigEndian.PutUint32(h[4:], stream)
	h[8] = kind
	return append(append(dst, h[:]...), data...)
}

// BenchmarkDecodeRequest: frame bytes to a CreateContainerRequest, as ttrpc's channel and
// server do it (header, a body buffer, the envelope, then the message).
func BenchmarkDecodeRequest(b *testing.B) {
	in := frame(b)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		length := binary.BigEndian.Uint32(in)
		body := make([]byte, length)
		copy(body, in[headerLength:])
		envelope := &ttrpc.Request{}
		if err := proto.Unmarshal(body, envelope); err != nil {
			b.Fatal(err)
		}
		req := &api.CreateContainerRequest{}
		if err := proto.Unmarshal(envelope.Payload, req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncodeResponse: the plugin's adjustment to a response frame.
func BenchmarkEncodeResponse(b *testing.B) {
	name := request().Container.Name
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		adjust := &api.ContainerAdjustment{}
		adjust.AddAnnotation("bench.nri4j.io/greeting", "hello, "+name)
		adjust.AddEnv("BENCH", "1")
		payload, err := proto.Marshal(&api.CreateContainerResponse{Adjust: adjust})
		if err != nil {
			b.Fatal(err)
		}
		envelope, err := proto.Marshal(&ttrpc.Response{Payload: payload})
		if err != nil {
			b.Fatal(err)
		}
		_ = appendFrame(nil, 1, 2, envelope)
	}
}

// TestFrameDecodes guards the benchmark: the frame holds the request it was made from.
func TestFrameDecodes(t *testing.T) {
	in := frame(t)
	envelope := &ttrpc.Request{}
	if err := proto.Unmarshal(in[headerLength:], envelope); err != nil {
		t.Fatal(err)
	}
	got := &api.CreateContainerRequest{}
	if err := proto.Unmarshal(envelope.Payload, got); err != nil {
		t.Fatal(err)
	}
	if !proto.Equal(got, request()) {
		t.Fatalf("decoded %v", got)
	}
}
