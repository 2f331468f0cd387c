// Package harness plays the container runtime with the upstream NRI runtime library
// (github.com/containerd/nri/pkg/adaptation) and drives plugins built on nri-core through it.
// The library, not a fake of ours, decides what is correct on the wire.
package harness

import (
	"strings"
	"time"

	"github.com/nri4j/nri4j/verification/conformance/cases"
)

// Harness holds what every scenario needs.
type Harness struct {
	Java    Java
	Report  *Report
	Samples string // classpath of sample-plugins/hello-world, if the driver has it
	// ParityJars are the samples compared with upstream's plugins, by plugin name.
	ParityJars map[string]string
	// ParityDir holds upstream's recorded outcomes (cmd/parity).
	ParityDir string
}

// NRIVersion is the version of the runtime library this binary was built with.
func NRIVersion() string {
	version, _ := Library()
	return version
}

// RunAll runs every scenario; the report holds the counts.
func (h *Harness) RunAll(filter string) {
	root := cases.NewRoot("conformance", h.Report)
	for _, s := range h.scenarios() {
		if filter != "" && !strings.Contains(s.name, filter) {
			continue
		}
		root.Run(s.name, s.run)
	}
}

type scenario struct {
	name string
	run  func(t *T)
}

func (h *Harness) scenarios() []scenario {
	return []scenario{
		{"registration", h.registration},
		{"handshake", h.handshake},
		{"subscription", h.subscription},
		{"synchronize", h.synchronize},
		{"events", h.events},
		{"adjustments", h.adjustments},
		{"updates", h.updates},
		{"unsolicited-updates", h.unsolicited},
		{"validation", h.validation},
		{"two-plugins", h.twoPlugins},
		{"errors", h.errors},
		{"mux", h.mux},
		{"launched", h.launched},
		{"shutdown", h.shutdown},
		{"samples", h.samples},
		{"under-load", h.underLoad},
		{"parity", h.parity},
		{"soak", h.soak},
		{"rollout", h.rollout},
	}
}

// Connect starts a plugin and waits until it is synchronized and gets events.
func (h *Harness) Connect(t *T, rt *Runtime, o PluginOptions) *Plugin {
	p := h.StartPlugin(t, rt, o)
	rt.AwaitSynced(t, 20*time.Second)
	p.AwaitStub(t, "Synchronized")
	return p
}

// RunOne runs a single named case outside the suite.
func (h *Harness) RunOne(name string, f func(t *T)) {
	root := cases.NewRoot("nri4j", h.Report)
	root.Run(name, f)
}
