package harness

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	specs "github.com/opencontainers/runtime-spec/specs-go"
	cri "k8s.io/cri-api/pkg/apis/runtime/v1"
)

var podSeq atomic.Int64

// Pod is a pod sandbox the suite runs through CRI, in the node's network namespace.
type Pod struct {
	ID     string
	Config *cri.PodSandboxConfig
	c      *CRI
}

func ctx(d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), d)
}

// RunPod runs a pod named name (made unique) with the given annotations.
func (c *CRI) RunPod(name string, annotations map[string]string) (*Pod, error) {
	n := podSeq.Add(1)
	config := &cri.PodSandboxConfig{
		Metadata: &cri.PodSandboxMetadata{Name: fmt.Sprintf("%s-%d", name, n), Namespace: "e2e",
			Uid: fmt.Sprintf("uid-%s-%d", name, n)},
		Annotations: annotations,
		Labels:      map[string]string{"app": name},
		Linux: &cri.LinuxPodSandboxConfig{
			CgroupParent: c.CgroupParent,
			SecurityContext: &cri.LinuxSandboxSecurityContext{
				// As a kubelet asks: the node's network, a PID namespace per container.
				NamespaceOptions: &cri.NamespaceOption{Network: cri.NamespaceMode_NODE, Pid: cri.NamespaceMode_CONTAINER},
			},
		},
	}
	cx, cancel := ctx(60 * time.Second)
	defer cancel()
	rsp, err := c.RT.RunPodSandbox(cx, &cri.RunPodSandboxRequest{Config: config})
	if err != nil {
		return nil, err
	}
	return &Pod{ID: rsp.PodSandboxId, Config: config, c: c}, nil
}

// Name is the pod's name as plugins see it.
func (p *Pod) Name() string { return p.Config.Metadata.Name }

// CreateContainer creates (does not start) a container of the test image running command.
func (p *Pod) CreateContainer(name string, command ...string) (string, error) {
	cx, cancel := ctx(60 * time.Second)
	defer cancel()
	rsp, err := p.c.RT.CreateContainer(cx, &cri.CreateContainerRequest{
		PodSandboxId: p.ID,
		Config: &cri.ContainerConfig{
			Metadata: &cri.ContainerMetadata{Name: name},
			// As a kubelet labels it: CRI-O names the container to NRI plugins by this label.
			Labels: map[string]string{"io.kubernetes.container.name": name,
				"io.kubernetes.pod.name": p.Name(), "io.kubernetes.pod.namespace": p.Config.Metadata.Namespace,
				"io.kubernetes.pod.uid": p.Config.Metadata.Uid},
			// As a kubelet sends it: CRI-O verifies the image's signature policy against it.
			Image:   &cri.ImageSpec{Image: TestImage, UserSpecifiedImage: TestImage},
			Command: command,
			Linux: &cri.LinuxContainerConfig{SecurityContext: &cri.LinuxContainerSecurityContext{
				NamespaceOptions: &cri.NamespaceOption{Network: cri.NamespaceMode_NODE, Pid: cri.NamespaceMode_CONTAINER},
			}},
		},
		SandboxConfig: p.Config,
	})
	if err != nil {
		return "", err
	}
	return rsp.ContainerId, nil
}

// RunContainer creates and starts a container that sleeps.
func (p *Pod) RunContainer(name string) (string, error) {
	id, err := p.CreateContainer(name, "/bin/sleep", "3600")
	if err != nil {
		return "", err
	}
	cx, cancel := ctx(60 * time.Second)
	defer cancel()
	if _, err := p.c.RT.StartContainer(cx, &cri.StartContainerRequest{ContainerId: id}); err != nil {
		return "", fmt.Errorf("start: %w", err)
	}
	return id, nil
}

// Remove stops and removes the pod and its containers.
func (p *Pod) Remove() error {
	cx, cancel := ctx(60 * time.Second)
	defer cancel()
	// As a kubelet does with a grace period of 0: CRI-O's StopPodSandbox would otherwise wait
	// out its whole deadline for a sleep that ignores SIGTERM.
	list, err := p.c.RT.ListContainers(cx, &cri.ListContainersRequest{Filter: &cri.ContainerFilter{PodSandboxId: p.ID}})
	if err != nil {
		return err
	}
	for _, c := range list.Containers {
		if _, err := p.c.RT.StopContainer(cx, &cri.StopContainerRequest{ContainerId: c.Id}); err != nil {
			return err
		}
	}
	if _, err := p.c.RT.StopPodSandbox(cx, &cri.StopPodSandboxRequest{PodSandboxId: p.ID}); err != nil {
		return err
	}
	_, err = p.c.RT.RemovePodSandbox(cx, &cri.RemovePodSandboxRequest{PodSandboxId: p.ID})
	return err
}

// Spec is the OCI spec the runtime wrote for a container, as its verbose status reports it.
func (c *CRI) Spec(id string) (*specs.Spec, error) {
	cx, cancel := ctx(30 * time.Second)
	defer cancel()
	rsp, err := c.RT.ContainerStatus(cx, &cri.ContainerStatusRequest{ContainerId: id, Verbose: true})
	if err != nil {
		return nil, err
	}
	var info struct {
		RuntimeSpec *specs.Spec `json:"runtimeSpec"`
	}
	if err := json.Unmarshal([]byte(rsp.Info["info"]), &info); err != nil {
		return nil, fmt.Errorf("container info: %w", err)
	}
	if info.RuntimeSpec == nil {
		return nil, fmt.Errorf("container info without runtimeSpec")
	}
	return info.RuntimeSpec, nil
}

// Exec runs a command in a running container and returns its stdout.
func (c *CRI) Exec(id string, command ...string) (string, error) {
	cx, cancel := ctx(60 * time.Second)
	defer cancel()
	rsp, err := c.RT.ExecSync(cx, &cri.ExecSyncRequest{ContainerId: id, Cmd: command, Timeout: 30})
	if err != nil {
		return "", err
	}
	if rsp.ExitCode != 0 {
		return "", fmt.Errorf("%v exited with %d: %s", command, rsp.ExitCode, strings.TrimSpace(string(rsp.Stderr)))
	}
	return string(rsp.Stdout), nil
}

// RemoveAllPods removes every pod the runtime has, for a clean stop.
func (c *CRI) RemoveAllPods() error {
	cx, cancel := ctx(30 * time.Second)
	defer cancel()
	rsp, err := c.RT.ListPodSandbox(cx, &cri.ListPodSandboxRequest{})
	if err != nil {
		return err
	}
	var errs []string
	for _, s := range rsp.Items {
		if err := (&Pod{ID: s.Id, Config: &cri.PodSandboxConfig{}, c: c}).Remove(); err != nil {
			errs = append(errs, err.Error())
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("removing pods: %s", strings.Join(errs, "; "))
	}
	return nil
}
