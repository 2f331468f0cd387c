//go:build !nri_v011

package harness

import (
	"context"
	"fmt"
	"sync"

	"github.com/containerd/nri/pkg/adaptation"
	"github.com/containerd/nri/pkg/api"
	"github.com/stretchr/testify/require"
)

// Features of the runtime library this harness was built against.
const (
	// DefaultRuntimeVersion is the containerd release that ships this library.
	DefaultRuntimeVersion = "v2.4.0"
	// SysctlCrashesRuntime: the v0.11.0 library panics on sysctl adjustments (a7dd8b0).
	SysctlCrashesRuntime = false
	HasVersionExchange   = true // ConfigureRequest.NRI_version (v0.12.0)
	HasDedicatedRPCs     = true // one call per event, StateChange as fallback (v0.12.0)
	HasNameCheck         = true // RegisterPlugin checks the name's characters (v0.12.0)
	HasMemoryPolicy      = true // LinuxContainerAdjustment.memory_policy (v0.12.0)
	HasFailurePolicy     = true // ConfigureResponse.failure_policy (v0.12.5)
	HasPodUpdates        = true // UpdatePodSandbox, PostUpdatePodSandbox (v0.10.0)
	HasValidation        = true // ValidateContainerAdjustment (v0.10.0)
	// NewestLibrary: the library go.mod pins, built without tags, which cmd/all runs first;
	// the parity outcomes must have been recorded with it.
	NewestLibrary = true
)

// Deprecations records the library's deprecation warnings about plugins.
var Deprecations = &deprecations{}

type deprecations struct {
	mu       sync.Mutex
	warnings []string
}

func (d *deprecations) PluginWarning(_ context.Context, dep adaptation.Deprecation, plugin, details string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.warnings = append(d.warnings, fmt.Sprintf("%s: %s: %s", plugin, dep, details))
}

// All returns the warnings so far.
func (d *deprecations) All() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]string(nil), d.warnings...)
}

func versionOptions(*Runtime) []adaptation.Option {
	return []adaptation.Option{adaptation.WithDeprecationRecorder(Deprecations)}
}

// checkPluginName is the library's own rule for external plugin names.
func checkPluginName(name string) error { return api.CheckPluginName(name) }

func notify(r *adaptation.Adaptation, name string, pod *api.PodSandbox, ctr *api.Container) error {
	ctx := context.Background()
	switch name {
	case "RunPodSandbox":
		return r.RunPodSandbox(ctx, &api.RunPodSandboxRequest{Pod: pod})
	case "PostUpdatePodSandbox":
		return r.PostUpdatePodSandbox(ctx, &api.PostUpdatePodSandboxRequest{Pod: pod})
	case "StopPodSandbox":
		return r.StopPodSandbox(ctx, &api.StopPodSandboxRequest{Pod: pod})
	case "RemovePodSandbox":
		return r.RemovePodSandbox(ctx, &api.RemovePodSandboxRequest{Pod: pod})
	case "PostCreateContainer":
		return r.PostCreateContainer(ctx, &api.PostCreateContainerRequest{Pod: pod, Container: ctr})
	case "StartContainer":
		return r.StartContainer(ctx, &api.StartContainerRequest{Pod: pod, Container: ctr})
	case "PostStartContainer":
		return r.PostStartContainer(ctx, &api.PostStartContainerRequest{Pod: pod, Container: ctr})
	case "PostUpdateContainer":
		return r.PostUpdateContainer(ctx, &api.PostUpdateContainerRequest{Pod: pod, Container: ctr})
	case "RemoveContainer":
		return r.RemoveContainer(ctx, &api.RemoveContainerRequest{Pod: pod, Container: ctr})
	}
	return fmt.Errorf("unknown event %q", name)
}

// memoryPolicy adds upstream's memory policy to an adjustment.
func memoryPolicy(a *api.ContainerAdjustment) {
	a.SetLinuxMemoryPolicy(api.MpolMode_MPOL_BIND, "0-1", api.MpolFlag_MPOL_F_STATIC_NODES)
}

// registeredNRIVersion is the NRI version a plugin registered with.
func registeredNRIVersion(req *api.RegisterPluginRequest) (string, bool) { return req.NRIVersion, true }

func requireMemoryPolicy(t *T, a *api.ContainerAdjustment) {
	require.Equal(t, api.MpolMode_MPOL_BIND, a.Linux.MemoryPolicy.GetMode())
	require.Equal(t, "0-1", a.Linux.MemoryPolicy.GetNodes())
}
