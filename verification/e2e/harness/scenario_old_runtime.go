package harness

import (
	"reflect"
	"strings"
)

// oldRuntime: an adjustment that sets args, which the NRI of containerd before v2.2 (v0.8.0)
// drops: the plugin warns once, however many containers lose them; a runtime that applies
// them gets no warning.
func (s *Suite) oldRuntime(t *T, c Runtime, r Release) {
	if strings.Contains(c.Name(), "CRI-O") {
		t.Skipf("%s from the Go module proxy embeds NRI %s, older than its release's (v0.10.0): the plugin"+
			" infers v0.10.0 from the version string and has no way to tell", c.Name(), r.NRI)
	}
	p := startPlugin(t, s, c, "e2e-adjuster", s.AdjusterJar)
	drops := !AtLeast(r.NRI, "v0.10.0")
	original := []string{"/bin/sleep", "3600"}
	wanted := []string{"/bin/sleep", "3601"}
	var ids []string
	for _, name := range []string{"old-runtime-1", "old-runtime-2"} {
		_, id := runPod(t, c, name, map[string]string{prefix + "adjust": "old-runtime",
			prefix + "args": strings.Join(wanted, " ")})
		ids = append(ids, id)
	}
	warning := "ignores the adjustment's args"
	if drops {
		if _, err := p.AwaitLines(warning, 1, pluginTimeout); err != nil {
			t.Fatalf("no warning %q: %v\n%s", warning, err, p.Output(40))
		}
	}
	warned := 0
	for _, line := range p.Lines() {
		if strings.Contains(line, warning) {
			warned++
		}
	}
	ignored := 0
	for _, id := range ids {
		if reflect.DeepEqual(specOf(t, c, id).Process.Args, original) {
			ignored++
		}
	}
	if drops {
		t.Run("should warn once that the runtime ignores args, however many containers lose them", func(t *T) {
			if ignored != len(ids) {
				t.Fatalf("%d of %d containers kept their args: does %s (NRI %s) apply them after all?", len(ids)-ignored,
					len(ids), c.Name(), r.NRI)
			}
			if warned != 1 {
				t.Fatalf("%d lines %q, want 1:\n%s", warned, warning, p.Output(40))
			}
		})
	} else {
		t.Run("should apply args without a warning", func(t *T) {
			if ignored != 0 || warned != 0 {
				t.Fatalf("%d of %d containers kept their args, %d warnings:\n%s", ignored, len(ids), warned, p.Output(40))
			}
		})
	}
	figure(t, "old-runtime (%s, NRI %s): args set for %d containers, ignored by the runtime in %d, warned %d time(s)",
		c.Name(), r.NRI, len(ids), ignored, warned)
}
