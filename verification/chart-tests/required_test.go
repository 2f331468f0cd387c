package charttests

import (
	"testing"
)

const upstreamTolerateKey = "tolerate-missing-nri-plugins.noderesource.dev"

// TestRequired: plugin.required sets nri.required and lets the plugin's own pod start while the
// runtime's default validator requires the plugin (the annotation the runtime was configured with).
func TestRequired(t *testing.T) {
	cases := []struct {
		name       string
		args       []string
		required   bool
		annotation string // "" when the pod must carry none
	}{
		{"with the default values", nil, false, ""},
		{"with plugin.required=false", []string{"--set", "plugin.required=false",
			"--set", "plugin.tolerateMissingPluginsAnnotation=tolerate.example.com/missing"}, false, ""},
		{"with plugin.required=true", []string{"--set", "plugin.required=true"}, true, upstreamTolerateKey},
		{"with plugin.required=true and the operator's annotation key", []string{"--set", "plugin.required=true",
			"--set", "plugin.tolerateMissingPluginsAnnotation=tolerate.example.com/missing"}, true,
			"tolerate.example.com/missing"},
	}
	for _, tc := range cases {
		r := render(t, "should render objects that decode strictly "+tc.name, tc.args...)
		if r == nil {
			continue
		}
		ds := onlyDaemonSet(t, r)
		config := applicationYAML(t, r)
		check(t, "should set nri.required to the value "+tc.name, func(t *testing.T) {
			if got := at(config, "nri", "required"); got != tc.required {
				t.Errorf("nri.required = %#v, want %v", got, tc.required)
			}
		})
		check(t, "should annotate the plugin's own pod to tolerate missing plugins only when required "+tc.name,
			func(t *testing.T) {
				annotations := ds.Spec.Template.Annotations
				for _, key := range []string{upstreamTolerateKey, "tolerate.example.com/missing"} {
					value, ok := annotations[key]
					switch {
					case key == tc.annotation && (!ok || value != "true"):
						t.Errorf("pod annotation %s = %q (present %v), want \"true\"", key, value, ok)
					case key != tc.annotation && ok:
						t.Errorf("pod annotation %s = %q, want none", key, value)
					}
				}
			})
	}
}
