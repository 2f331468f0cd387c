package harness

import (
	"github.com/containerd/nri/pkg/api"
)

// Prefix of the pod annotations that steer the conformance plugin.
const Prefix = "conformance.nri4j.io/"

// Pod returns a pod with the given steering annotations (keys without Prefix).
func Pod(id string, steer map[string]string) *api.PodSandbox {
	annotations := map[string]string{"owner": "conformance"}
	for k, v := range steer {
		annotations[Prefix+k] = v
	}
	return &api.PodSandbox{
		Id: id, Name: id, Uid: id + "-uid", Namespace: "conformance",
		Labels:      map[string]string{"app": id},
		Annotations: annotations,
		Linux:       &api.LinuxPodSandbox{CgroupParent: "/kubepods/" + id},
	}
}

// Ctr returns a container of pod with things the adjustment cases remove.
func Ctr(pod *api.PodSandbox, id string) *api.Container {
	ctr := &api.Container{
		Id: id, PodSandboxId: pod.Id, Name: id, State: api.ContainerState_CONTAINER_CREATED,
		Labels:      map[string]string{"app": pod.Id},
		Annotations: map[string]string{Prefix + "doomed": "x", Prefix + "owner": "runtime"},
		Args:        []string{"/bin/app"},
		Env:         []string{"DOOMED=1", "OWNER=runtime", "PATH=/bin"},
		Mounts:      []*api.Mount{{Destination: "/doomed", Source: "/tmp", Type: "bind", Options: []string{"rbind"}}},
		Hooks:       &api.Hooks{},
		Linux: &api.LinuxContainer{
			Devices:    []*api.LinuxDevice{{Path: "/dev/doomed", Type: "c", Major: 1, Minor: 5}},
			Namespaces: []*api.LinuxNamespace{{Type: "ipc"}, {Type: "network"}},
			Resources: &api.LinuxResources{
				Memory: &api.LinuxMemory{Limit: api.Int64(int64(512 << 20))},
				Cpu:    &api.LinuxCPU{Shares: api.UInt64(uint64(1024))},
			},
		},
	}
	withNewerFields(ctr.Linux)
	return ctr
}
