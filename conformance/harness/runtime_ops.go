package harness

import (
	"context"
	"strings"

	"github.com/containerd/nri/pkg/api"
	"google.golang.org/protobuf/proto"
)

// Locked runs f the way containerd runs a CRI operation that calls plugins: under its lock.
func (rt *Runtime) Locked(f func()) {
	rt.lock.Lock()
	defer rt.lock.Unlock()
	f()
}

// CreateContainer calls the plugins for a new container.
func (rt *Runtime) CreateContainer(pod *api.PodSandbox, ctr *api.Container) (rsp *api.CreateContainerResponse, err error) {
	rt.Locked(func() {
		rsp, err = rt.R.CreateContainer(context.Background(), &api.CreateContainerRequest{
			Pod: pod, Container: proto.Clone(ctr).(*api.Container)})
	})
	return rsp, err
}

// UpdateContainer calls the plugins for a resource update.
func (rt *Runtime) UpdateContainer(pod *api.PodSandbox, ctr *api.Container, res *api.LinuxResources) (rsp *api.UpdateContainerResponse, err error) {
	rt.Locked(func() {
		rsp, err = rt.R.UpdateContainer(context.Background(), &api.UpdateContainerRequest{
			Pod: pod, Container: ctr, LinuxResources: res})
	})
	return rsp, err
}

// StopContainer calls the plugins for a stopping container.
func (rt *Runtime) StopContainer(pod *api.PodSandbox, ctr *api.Container) (rsp *api.StopContainerResponse, err error) {
	rt.Locked(func() {
		rsp, err = rt.R.StopContainer(context.Background(), &api.StopContainerRequest{Pod: pod, Container: ctr})
	})
	return rsp, err
}

// UpdatePodSandbox calls the plugins for a pod resource update.
func (rt *Runtime) UpdatePodSandbox(pod *api.PodSandbox) (err error) {
	rt.Locked(func() {
		_, err = rt.R.UpdatePodSandbox(context.Background(), &api.UpdatePodSandboxRequest{Pod: pod,
			LinuxResources: &api.LinuxResources{Cpu: &api.LinuxCPU{Shares: api.UInt64(uint64(512))}}})
	})
	return err
}

// Event delivers one of the 13 lifecycle events by its upstream name, e.g. "StartContainer".
func (rt *Runtime) Event(name string, pod *api.PodSandbox, ctr *api.Container) error {
	var err error
	rt.Locked(func() {
		switch name {
		case "CreateContainer":
			_, err = rt.R.CreateContainer(context.Background(), &api.CreateContainerRequest{
				Pod: pod, Container: proto.Clone(ctr).(*api.Container)})
		case "UpdateContainer":
			_, err = rt.R.UpdateContainer(context.Background(), &api.UpdateContainerRequest{
				Pod: pod, Container: ctr, LinuxResources: &api.LinuxResources{}})
		case "StopContainer":
			_, err = rt.R.StopContainer(context.Background(), &api.StopContainerRequest{Pod: pod, Container: ctr})
		case "UpdatePodSandbox":
			_, err = rt.R.UpdatePodSandbox(context.Background(), &api.UpdatePodSandboxRequest{Pod: pod,
				LinuxResources: &api.LinuxResources{}})
		default:
			err = notify(rt.R, name, pod, ctr)
		}
	})
	return err
}

// LifecycleEvents are the 13 events, in the order a pod and its container live through them.
var LifecycleEvents = []string{
	"RunPodSandbox", "UpdatePodSandbox", "PostUpdatePodSandbox",
	"CreateContainer", "PostCreateContainer", "StartContainer", "PostStartContainer",
	"UpdateContainer", "PostUpdateContainer", "StopContainer", "RemoveContainer",
	"StopPodSandbox", "RemovePodSandbox",
}

// IsPodEvent tells pod events from container events.
func IsPodEvent(name string) bool { return strings.Contains(name, "PodSandbox") }
