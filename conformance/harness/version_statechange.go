//go:build nri_v011

package harness

import (
	"context"
	"fmt"

	"github.com/containerd/nri/pkg/adaptation"
	"github.com/containerd/nri/pkg/api"
)

// Features of the runtime library this harness was built against: NRI v0.11.0, as in
// containerd 2.2.1 and CRI-O 1.35, where most events still travel as StateChange.
const (
	// DefaultRuntimeVersion is the containerd release that ships this library.
	DefaultRuntimeVersion = "v2.2.1"
	// SysctlCrashesRuntime: the v0.11.0 library panics on sysctl adjustments (a7dd8b0).
	SysctlCrashesRuntime = true
	HasVersionExchange   = false
	HasDedicatedRPCs     = false
	HasNameCheck         = false
	HasMemoryPolicy      = false
	HasFailurePolicy     = false
)

// Deprecations: v0.11.0 has no deprecation recorder.
var Deprecations = &noDeprecations{}

type noDeprecations struct{}

// All returns nothing.
func (*noDeprecations) All() []string { return nil }

func versionOptions(*Runtime) []adaptation.Option { return nil }

func checkPluginName(name string) error {
	if name == "" {
		return fmt.Errorf("empty name")
	}
	return nil
}

func notify(r *adaptation.Adaptation, name string, pod *api.PodSandbox, ctr *api.Container) error {
	sc, ok := notifications[name]
	if !ok {
		return fmt.Errorf("unknown event %q", name)
	}
	e := &api.StateChangeEvent{Event: api.Event(api.Event_value[sc]), Pod: pod}
	if !IsPodEvent(name) {
		e.Container = ctr
	}
	// Each notification method of this library only sets the event and calls StateChange.
	return r.StateChange(context.Background(), e)
}

func memoryPolicy(*api.ContainerAdjustment) {}

// registeredNRIVersion: RegisterPluginRequest has no NRI version field before v0.12.0.
func registeredNRIVersion(*api.RegisterPluginRequest) (string, bool) { return "", false }

func requireMemoryPolicy(*T, *api.ContainerAdjustment) {}
