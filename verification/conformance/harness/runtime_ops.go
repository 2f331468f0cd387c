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

// Event delivers one of the 13 lifecycle events by its upstream name, e.g. "StartContainer".
// The 4 events with a result go through their own methods, with empty resources for updates.
func (rt *Runtime) Event(name string, pod *api.PodSandbox, ctr *api.Container) (err error) {
	switch name {
	case "CreateContainer":
		_, err = rt.CreateContainer(pod, ctr)
	case "UpdateContainer":
		_, err = rt.UpdateContainer(pod, ctr, &api.LinuxResources{})
	case "StopContainer":
		_, err = rt.StopContainer(pod, ctr)
	case "UpdatePodSandbox":
		err = updatePodSandbox(rt, pod)
	default:
		rt.Locked(func() { err = notify(rt.R, name, pod, ctr) })
	}
	return err
}

// LifecycleEvents are the 13 events, in the order a pod and its container live through them.
var LifecycleEvents = []string{
	"RunPodSandbox", "UpdatePodSandbox", "PostUpdatePodSandbox",
	"CreateContainer", "PostCreateContainer", "StartContainer", "PostStartContainer",
	"UpdateContainer", "PostUpdateContainer", "StopContainer", "RemoveContainer",
	"StopPodSandbox", "RemovePodSandbox",
}

// notifications are the 9 lifecycle events without a result, each with the StateChange event
// that carries it on runtimes before NRI v0.12.0, which have no call of its own for it.
var notifications = map[string]string{
	"RunPodSandbox": "RUN_POD_SANDBOX", "PostUpdatePodSandbox": "POST_UPDATE_POD_SANDBOX",
	"StopPodSandbox": "STOP_POD_SANDBOX", "RemovePodSandbox": "REMOVE_POD_SANDBOX",
	"PostCreateContainer": "POST_CREATE_CONTAINER", "StartContainer": "START_CONTAINER",
	"PostStartContainer": "POST_START_CONTAINER", "PostUpdateContainer": "POST_UPDATE_CONTAINER",
	"RemoveContainer": "REMOVE_CONTAINER",
}

// IsNotification tells the 9 events without a result from the 4 with one and from non-events.
func IsNotification(name string) bool {
	_, ok := notifications[name]
	return ok
}

// IsPodEvent tells pod events from container events.
func IsPodEvent(name string) bool { return strings.Contains(name, "PodSandbox") }
