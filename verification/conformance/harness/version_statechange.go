//go:build nri_v011

package harness

import (
	"context"
	"fmt"

	"github.com/containerd/nri/pkg/adaptation"
	"github.com/containerd/nri/pkg/api"
)

// What every runtime library before v0.12.0 has in common: most events travel as StateChange,
// nothing is exchanged about versions, and nothing is recorded about deprecations. The build
// tags are cumulative: nri_v011 means "v0.11.x or older", nri_v010 "v0.10.x or older", and so on.

// Deprecations: libraries before v0.12.0 have no deprecation recorder.
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
	// Each notification method of these libraries only sets the event and calls StateChange.
	return r.StateChange(context.Background(), e)
}

func memoryPolicy(*api.ContainerAdjustment) {}

// registeredNRIVersion: RegisterPluginRequest has no NRI version field before v0.12.0.
func registeredNRIVersion(*api.RegisterPluginRequest) (string, bool) { return "", false }

func requireMemoryPolicy(*T, *api.ContainerAdjustment) {}
