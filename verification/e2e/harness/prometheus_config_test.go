package harness

import (
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

const renderedMonitors = `---
# Source: nri-plugin/templates/podmonitor.yaml
apiVersion: monitoring.coreos.com/v1
kind: PodMonitor
metadata:
  name: hello-nri-plugin
  namespace: default
  labels:
    app.kubernetes.io/name: nri-plugin
spec:
  selector:
    matchLabels:
      app.kubernetes.io/name: nri-plugin
      app.kubernetes.io/instance: hello
  podMetricsEndpoints:
    - port: management
      path: /actuator/prometheus
      interval: 2s
      relabelings:
        - targetLabel: job
          replacement: hello-nri-plugin
        - sourceLabels: [__meta_kubernetes_pod_node_name]
          targetLabel: node
---
# Source: nri-plugin/templates/prometheusrule.yaml
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  name: hello-nri-plugin
spec:
  groups:
    - name: hello-nri-plugin
      rules:
        - alert: NriPluginNotReady
          expr: up == 0
          for: 10s
`

// The job the Prometheus Operator generates for the chart's PodMonitor: its selector, port and
// path, the operator's labels, then the chart's relabelings, which set job and node last.
func TestScrapeJobsTranslateThePodMonitorAsTheOperatorDoes(t *testing.T) {
	docs := manifests(renderedMonitors)
	m, err := decodePodMonitor(docs["PodMonitor"])
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := scrapeJobs(m, apiAccess{URL: "https://127.0.0.1:6443", CAFile: "ca.crt", Cert: "a.crt", Key: "a.key"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := yaml.Marshal(jobs)
	if err != nil {
		t.Fatal(err)
	}
	want := `- job_name: podMonitor/default/hello-nri-plugin/0
  kubernetes_sd_configs:
  - api_server: https://127.0.0.1:6443
    namespaces:
      names:
      - default
    role: pod
    tls_config:
      ca_file: ca.crt
      cert_file: a.crt
      key_file: a.key
  metrics_path: /actuator/prometheus
  relabel_configs:
  - action: drop
    regex: (Failed|Succeeded)
    source_labels:
    - __meta_kubernetes_pod_phase
  - action: keep
    regex: (hello);true
    source_labels:
    - __meta_kubernetes_pod_label_app_kubernetes_io_instance
    - __meta_kubernetes_pod_labelpresent_app_kubernetes_io_instance
  - action: keep
    regex: (nri-plugin);true
    source_labels:
    - __meta_kubernetes_pod_label_app_kubernetes_io_name
    - __meta_kubernetes_pod_labelpresent_app_kubernetes_io_name
  - action: keep
    regex: management
    source_labels:
    - __meta_kubernetes_pod_container_port_name
  - source_labels:
    - __meta_kubernetes_namespace
    target_label: namespace
  - source_labels:
    - __meta_kubernetes_pod_container_name
    target_label: container
  - source_labels:
    - __meta_kubernetes_pod_name
    target_label: pod
  - replacement: default/hello-nri-plugin
    target_label: job
  - replacement: management
    target_label: endpoint
  - replacement: hello-nri-plugin
    target_label: job
  - source_labels:
    - __meta_kubernetes_pod_node_name
    target_label: node
  scrape_interval: 2s
`
	if string(got) != want {
		t.Errorf("scrape job:\n%s\nwant:\n%s", got, want)
	}
	if job := m.jobLabel(); job != "hello-nri-plugin" {
		t.Errorf("job label %q", job)
	}
}

// A field the translation does not know would change what is scraped: it is refused.
func TestDecodePodMonitorRefusesFieldsItDoesNotTranslate(t *testing.T) {
	doc := strings.Replace(string(manifests(renderedMonitors)["PodMonitor"]), "interval: 2s", "interval: 2s\n      scrapeTimeout: 1s", 1)
	if _, err := decodePodMonitor([]byte(doc)); err == nil || !strings.Contains(err.Error(), "scrapeTimeout") {
		t.Errorf("err = %v, want one naming scrapeTimeout", err)
	}
}

// The PrometheusRule's spec is the rule file.
func TestRuleFileIsThePrometheusRulesSpec(t *testing.T) {
	got, err := ruleFile(manifests(renderedMonitors)["PrometheusRule"])
	if err != nil {
		t.Fatal(err)
	}
	want := "groups:\n- name: hello-nri-plugin\n  rules:\n  - alert: NriPluginNotReady\n    expr: up == 0\n    for: 10s\n"
	if string(got) != want {
		t.Errorf("rule file:\n%s\nwant:\n%s", got, want)
	}
}
