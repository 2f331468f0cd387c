package harness

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/containerd/nri/pkg/api"
	"github.com/stretchr/testify/require"
)

// Sample is a plugin program to run the way a node runs one: the runtime launches it from its
// plugin directory, with the socket on fd 3 and its name and index in the environment.
type Sample struct {
	FullName  string // file name in the plugin directory, e.g. 50-hello-world
	Classpath string
	MainClass string
}

// RunSample starts a runtime that launches the sample, then lets a pod with one container
// live through its lifecycle, telling out what happens. It returns the runtime's merged
// CreateContainer result.
func (h *Harness) RunSample(t *T, s Sample, out io.Writer) *api.CreateContainerResponse {
	rt := NewRuntime(t, RuntimeOptions{BeforeStart: func(rt *Runtime) {
		installPlugin(t, rt, s.FullName, h.Java.command(s.Classpath, s.MainClass))
		fmt.Fprintf(out, "runtime: NRI runtime library %s, as %s %s, plugins in %s\n",
			NRIVersion(), rt.opts.Name, rt.opts.Version, rt.PluginDir)
	}})
	// Start has launched the plugin, registered, configured and synchronized it.
	fmt.Fprintf(out, "plugin %s: launched, registered, configured, synchronized\n", s.FullName)

	return liveThrough(t, rt, out, func(string) {})
}

// liveThrough takes the demo's pod and its container through the 13 lifecycle events, telling
// out each step and then calling after with the event's name. It returns the runtime's merged
// CreateContainer result.
func liveThrough(t *T, rt *Runtime, out io.Writer, after func(event string)) *api.CreateContainerResponse {
	pod := &api.PodSandbox{Id: "pod-demo", Name: "demo", Uid: "demo-uid", Namespace: "default",
		Labels: map[string]string{"app": "demo"}}
	ctr := &api.Container{Id: "ctr-demo", PodSandboxId: pod.Id, Name: "app", Args: []string{"/app"},
		Env: []string{"PATH=/bin"}, State: api.ContainerState_CONTAINER_CREATED}
	var created *api.CreateContainerResponse
	for _, e := range libraryEvents(LifecycleEvents) {
		if e == "CreateContainer" {
			rsp, err := rt.CreateContainer(pod, ctr)
			require.NoError(t, err)
			created = rsp
			fmt.Fprintf(out, "%-22s container %s/%s: %s\n", e, pod.Namespace, ctr.Name, describe(rsp.Adjust))
		} else {
			require.NoError(t, rt.Event(e, pod, ctr), e)
			fmt.Fprintf(out, "%-22s ok\n", e)
		}
		after(e)
	}
	return created
}

// describe says what an adjustment changes, briefly.
func describe(a *api.ContainerAdjustment) string {
	var parts []string
	keys := make([]string, 0, len(a.GetAnnotations()))
	for k := range a.GetAnnotations() {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("annotation %s=%q", k, a.Annotations[k]))
	}
	for _, e := range a.GetEnv() {
		parts = append(parts, fmt.Sprintf("env %s=%q", e.Key, e.Value))
	}
	if len(parts) == 0 {
		return "no changes"
	}
	return "adjusted with " + strings.Join(parts, ", ")
}
