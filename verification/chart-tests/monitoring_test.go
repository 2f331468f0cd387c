package charttests

import (
	"slices"
	"strings"
	"testing"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	corev1 "k8s.io/api/core/v1"
)

// TestMonitoring: values/monitoring.yaml turns on the operator's kit, a PodMonitor, the alerts and
// the dashboard, which work together through the labels job and node.
func TestMonitoring(t *testing.T) {
	r := render(t, "should render objects that decode strictly with values/monitoring.yaml", "-f", "values/monitoring.yaml")
	if r == nil {
		return
	}
	ds := onlyDaemonSet(t, r)
	check(t, "should render a PodMonitor on each plugin pod's management port, and no Service", func(t *testing.T) {
		if len(r.podMonitors) != 1 || len(r.serviceMonitors) != 0 || len(r.services) != 0 {
			t.Fatalf("%d PodMonitors, %d ServiceMonitors, %d Services", len(r.podMonitors), len(r.serviceMonitors), len(r.services))
		}
		pm := r.podMonitors[0]
		for k, v := range pm.Spec.Selector.MatchLabels {
			if ds.Spec.Template.Labels[k] != v {
				t.Errorf("PodMonitor selector %s=%s misses the pods", k, v)
			}
		}
		if len(pm.Spec.Selector.MatchLabels) == 0 || len(pm.Spec.Selector.MatchExpressions) != 0 {
			t.Errorf("selector %+v", pm.Spec.Selector)
		}
		eps := pm.Spec.PodMetricsEndpoints
		if len(eps) != 1 || eps[0].Port == nil || *eps[0].Port != "management" || eps[0].Path != "/actuator/prometheus" ||
			eps[0].Interval != "30s" {
			t.Fatalf("podMetricsEndpoints %+v", eps)
		}
		if !slices.ContainsFunc(plugin(t, ds).Ports, func(p corev1.ContainerPort) bool { return p.Name == "management" }) {
			t.Errorf("the container has no port named management: %+v", plugin(t, ds).Ports)
		}
		if pm.Labels["release"] != "kube-prometheus-stack" {
			t.Errorf("PodMonitor labels %v", pm.Labels)
		}
		checkRelabelings(t, eps[0].RelabelConfigs, "test-nri-plugin")
	})

	check(t, "should render the alerts with a severity, the alert labels, a summary and a description", func(t *testing.T) {
		rules := onlyRules(t, r)
		if rules.Labels["release"] != "kube-prometheus-stack" {
			t.Errorf("PrometheusRule labels %v", rules.Labels)
		}
		var names []string
		for _, rule := range rules.Spec.Groups[0].Rules {
			names = append(names, rule.Alert)
			if rule.Labels["severity"] == "" || rule.Labels["team"] != "platform" {
				t.Errorf("%s: labels %v", rule.Alert, rule.Labels)
			}
			if rule.Annotations["summary"] == "" || rule.Annotations["description"] == "" || len(rule.Annotations) != 2 {
				t.Errorf("%s: annotations %v", rule.Alert, rule.Annotations)
			}
			if strings.Contains(rule.Expr.StrVal, "nri_") &&
				!strings.Contains(rule.Expr.StrVal, `job="test-nri-plugin", namespace="nri"`) {
				t.Errorf("%s: an expression that does not select this release's plugins: %s", rule.Alert, rule.Expr.StrVal)
			}
		}
		if !slices.Equal(names, alertNames) {
			t.Errorf("alerts %q, want %q", names, alertNames)
		}
	})
	check(t, "should name the node in every alert of one plugin", func(t *testing.T) {
		for _, rule := range onlyRules(t, r).Spec.Groups[0].Rules {
			if rule.Alert == "NriPluginMetricsAbsent" || rule.Alert == "NriPluginPodsUnavailable" {
				continue // about the DaemonSet as a whole
			}
			for _, a := range []string{"summary", "description"} {
				if !strings.Contains(rule.Annotations[a], "{{ $labels.node }}") {
					t.Errorf("%s: the %s does not name the node: %s", rule.Alert, a, rule.Annotations[a])
				}
			}
		}
	})
	check(t, "should take the alerts' thresholds and durations from the values", func(t *testing.T) {
		manifest, err := runHelm("template", "test", chartDir, "--namespace", "nri", "--kube-version", kubeVersion,
			"-f", "values/monitoring.yaml", "--set", "metrics.prometheusRule.alerts.notReady.for=2m",
			"--set", "metrics.prometheusRule.alerts.reconnects.threshold=10",
			"--set", "metrics.prometheusRule.alerts.requestErrors.ratio=0.2",
			"--set", "metrics.prometheusRule.alerts.podsUnavailable.enabled=false")
		if err != nil {
			t.Fatal(err)
		}
		other, err := decodeStrictly(manifest)
		if err != nil {
			t.Fatal(err)
		}
		byName := map[string]monitoringv1.Rule{}
		for _, rule := range onlyRules(t, other).Spec.Groups[0].Rules {
			byName[rule.Alert] = rule
		}
		if f := byName["NriPluginNotReady"].For; f == nil || *f != "2m" {
			t.Errorf("NriPluginNotReady for %v", f)
		}
		if e := byName["NriPluginReconnectStorm"].Expr.StrVal; !strings.HasSuffix(e, "> 10") {
			t.Errorf("NriPluginReconnectStorm %s", e)
		}
		if e := byName["NriPluginRequestErrors"].Expr.StrVal; !strings.HasSuffix(e, "> 0.2") {
			t.Errorf("NriPluginRequestErrors %s", e)
		}
		if _, ok := byName["NriPluginPodsUnavailable"]; ok || len(byName) != len(alertNames)-1 {
			t.Errorf("alerts %v, want all but NriPluginPodsUnavailable", byName)
		}
	})
	checkDashboard(t, r)
}

// alertNames: the chart's alerts, in order.
var alertNames = []string{"NriPluginNotReady", "NriPluginScrapeFailed", "NriPluginMetricsAbsent",
	"NriPluginPodsUnavailable", "NriPluginReconnectStorm", "NriPluginBudgetOverruns", "NriPluginRequestErrors",
	"NriContainersEscaped"}

func onlyRules(t *testing.T, r *rendered) *monitoringv1.PrometheusRule {
	t.Helper()
	if len(r.prometheusRules) != 1 || len(r.prometheusRules[0].Spec.Groups) != 1 {
		t.Fatalf("want one PrometheusRule with one group, got %d", len(r.prometheusRules))
	}
	return r.prometheusRules[0]
}

// checkRelabelings: whichever monitor scrapes, the series carry job (the release's full name)
// and node (the pod's node), which the alerts and the dashboard select by.
func checkRelabelings(t *testing.T, relabelings []monitoringv1.RelabelConfig, job string) {
	t.Helper()
	if len(relabelings) != 2 {
		t.Fatalf("relabelings %+v", relabelings)
	}
	j, n := relabelings[0], relabelings[1]
	if j.TargetLabel != "job" || len(j.SourceLabels) != 0 || j.Replacement == nil || *j.Replacement != job ||
		j.Action != "" || j.Regex != "" {
		t.Errorf("job relabeling %+v", j)
	}
	if n.TargetLabel != "node" || !slices.Equal(n.SourceLabels, []monitoringv1.LabelName{"__meta_kubernetes_pod_node_name"}) ||
		n.Replacement != nil || n.Action != "" || n.Regex != "" {
		t.Errorf("node relabeling %+v", n)
	}
}
