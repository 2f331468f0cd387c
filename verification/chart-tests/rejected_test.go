package charttests

import (
	"strings"
	"testing"
)

// TestRejectedValues: values an operator might get wrong are refused at install time, with a
// message that names the value.
func TestRejectedValues(t *testing.T) {
	cases := []struct {
		name string
		args []string
		want []string // each must appear in helm's error
	}{
		{"should refuse a name with a space", []string{"--set-string", "plugin.name=my plugin"}, []string{"plugin", "name"}},
		{"should refuse an unknown top-level value", []string{"--set", "socketPath=/x"}, []string{"socketPath"}},
		{"should refuse an unknown nested value", []string{"--set", "nri.socketDir=/x"}, []string{"socketDir"}},
		{"should refuse a relative socket directory", []string{"--set", "nri.socketDirectory=run/nri"}, []string{"socketDirectory"}},
		{"should refuse a negative minReadySeconds", []string{"--set", "minReadySeconds=-1"}, []string{"minReadySeconds"}},
		{"should refuse a grace period shorter than the shutdown", []string{"--set", "shutdown.phaseTimeoutSeconds=20"},
			[]string{"terminationGracePeriodSeconds 30 is shorter", "= 45"}},
		{"should refuse the plugin name in config", []string{"--set", "config.nri.plugin.name=x"},
			[]string{"config.nri.plugin.name is set by the chart"}},
		{"should refuse the management port in config, flat", []string{"--set-json", `config={"management.server.port":1}`},
			[]string{"config.management.server.port is set by the chart"}},
		{"should refuse the application's port in config", []string{"--set", "config.server.port=8080"},
			[]string{"config.server.port is set by the chart"}},
		{"should refuse nri.required in config", []string{"--set", "config.nri.required=true"},
			[]string{"config.nri.required is set by the chart"}},
		{"should refuse plugin.required given as a string", []string{"--set-string", "plugin.required=true"},
			[]string{"plugin", "required", "boolean"}},
		{"should refuse a tolerate annotation that is no annotation key",
			[]string{"--set", "plugin.required=true", "--set", "plugin.tolerateMissingPluginsAnnotation=not a key"},
			[]string{"plugin", "tolerateMissingPluginsAnnotation"}},
		{"should refuse the tolerate annotation in podAnnotations when required",
			[]string{"--set", "plugin.required=true", "--set-string", `podAnnotations.tolerate-missing-nri-plugins\.noderesource\.dev=true`},
			[]string{"podAnnotations.tolerate-missing-nri-plugins.noderesource.dev is set by the chart"}},
		{"should refuse runAsNonRoot with user 0", []string{"--set", "securityContext.runAsNonRoot=true"},
			[]string{"runAsNonRoot is true but runAsUser is 0"}},
		{"should refuse the ledger directory in config", []string{"--set", "config.nri.enforcement.directory=/x"},
			[]string{"config.nri.enforcement.directory is set by the chart"}},
		{"should refuse a ledger under the instances directory, which a reboot empties",
			[]string{"--set", "enforcement.hostPath=/var/run/nri4j/ledger"}, []string{"enforcement.hostPath", "survive reboots"}},
		{"should refuse a ledger inside the socket directory", []string{"--set", "enforcement.hostPath=/var/run/nri/ledger"},
			[]string{"enforcement.hostPath", "must not contain one another"}},
		{"should refuse enforcement.evict given as a string", []string{"--set-string", "enforcement.evict=true"},
			[]string{"enforcement", "evict", "boolean"}},
		{"should refuse both monitors, which would scrape each plugin twice",
			[]string{"--set", "metrics.podMonitor.enabled=true", "--set", "metrics.serviceMonitor.enabled=true"},
			[]string{"metrics.podMonitor and metrics.serviceMonitor are both enabled"}},
		{"should refuse the alerts without a monitor that labels the series",
			[]string{"--set", "metrics.prometheusRule.enabled=true"},
			[]string{"metrics.prometheusRule needs metrics.podMonitor"}},
		{"should refuse a ratio of failed requests above 1",
			[]string{"--set", "metrics.prometheusRule.alerts.requestErrors.ratio=1.5"},
			[]string{"requestErrors", "ratio"}},
		{"should refuse an instances directory inside the socket directory", []string{"--set", "instances.hostPath=/var/run/nri/instances"},
			[]string{"must not contain one another"}},
	}
	for _, tc := range cases {
		check(t, tc.name, func(t *testing.T) {
			out, err := runHelm(append([]string{"template", "test", chartDir, "--kube-version", kubeVersion}, tc.args...)...)
			if err == nil {
				t.Fatalf("helm template %v rendered:\n%s", tc.args, out)
			}
			for _, want := range tc.want {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error does not say %q:\n%v", want, err)
				}
			}
		})
	}
}
