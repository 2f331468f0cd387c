package harness

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"
)

// podMonitor is a rendered monitoring.coreos.com/v1 PodMonitor, as far as the chart's fields go:
// it is decoded strictly, so a field the chart adds later and this translation does not know
// fails the translation instead of being left out of the scrape job.
type podMonitor struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Metadata   struct {
		Name      string            `json:"name"`
		Namespace string            `json:"namespace"`
		Labels    map[string]string `json:"labels"`
	} `json:"metadata"`
	Spec struct {
		Selector struct {
			MatchLabels map[string]string `json:"matchLabels"`
		} `json:"selector"`
		PodMetricsEndpoints []struct {
			Port        string              `json:"port"`
			Path        string              `json:"path"`
			Interval    string              `json:"interval"`
			Relabelings []monitorRelabeling `json:"relabelings"`
		} `json:"podMetricsEndpoints"`
	} `json:"spec"`
}

// monitorRelabeling is a RelabelConfig of the Prometheus Operator (camelCase).
type monitorRelabeling struct {
	SourceLabels []string `json:"sourceLabels"`
	Separator    *string  `json:"separator"`
	TargetLabel  string   `json:"targetLabel"`
	Regex        string   `json:"regex"`
	Modulus      uint64   `json:"modulus"`
	Replacement  *string  `json:"replacement"`
	Action       string   `json:"action"`
}

// relabelConfig is a relabel_config of Prometheus's configuration file.
type relabelConfig struct {
	Action       string   `json:"action,omitempty"`
	SourceLabels []string `json:"source_labels,omitempty"`
	Separator    *string  `json:"separator,omitempty"`
	TargetLabel  string   `json:"target_label,omitempty"`
	Regex        string   `json:"regex,omitempty"`
	Modulus      uint64   `json:"modulus,omitempty"`
	Replacement  *string  `json:"replacement,omitempty"`
}

// apiAccess is how Prometheus reaches the API server: its URL and a client certificate.
type apiAccess struct {
	URL    string
	CAFile string
	Cert   string
	Key    string
}

type kubernetesSD struct {
	Role      string `json:"role"`
	APIServer string `json:"api_server"`
	TLSConfig struct {
		CAFile   string `json:"ca_file"`
		CertFile string `json:"cert_file"`
		KeyFile  string `json:"key_file"`
	} `json:"tls_config"`
	Namespaces struct {
		Names []string `json:"names"`
	} `json:"namespaces"`
}

// scrapeConfig is a scrape_config of Prometheus's configuration file.
type scrapeConfig struct {
	JobName        string          `json:"job_name"`
	ScrapeInterval string          `json:"scrape_interval,omitempty"`
	MetricsPath    string          `json:"metrics_path,omitempty"`
	KubernetesSD   []kubernetesSD  `json:"kubernetes_sd_configs"`
	RelabelConfigs []relabelConfig `json:"relabel_configs"`
}

func decodePodMonitor(doc []byte) (*podMonitor, error) {
	var m podMonitor
	if err := yaml.UnmarshalStrict(doc, &m); err != nil {
		return nil, fmt.Errorf("the PodMonitor: %w", err)
	}
	if m.Kind != "PodMonitor" || m.APIVersion != "monitoring.coreos.com/v1" {
		return nil, fmt.Errorf("not a monitoring.coreos.com/v1 PodMonitor: %s %s", m.APIVersion, m.Kind)
	}
	return &m, nil
}

var invalidLabelChar = regexp.MustCompile(`[^a-zA-Z0-9_]`)

// scrapeJobs translates a PodMonitor into the scrape jobs the Prometheus Operator generates for
// it, one a metrics endpoint: pods of the monitor's namespace (its default namespaceSelector),
// discovered through the API server, kept when they run, carry every label of its selector and
// have a container port of the endpoint's name; the labels namespace, container, pod, job
// (namespace/name) and endpoint; then the endpoint's own relabelings. Left out: the sharding
// rules (hashmod of __address__, one shard keeps every target) and the label
// __tmp_prometheus_job_name nothing here reads.
func scrapeJobs(m *podMonitor, api apiAccess) ([]scrapeConfig, error) {
	if len(m.Spec.PodMetricsEndpoints) == 0 {
		return nil, fmt.Errorf("PodMonitor %s has no podMetricsEndpoints", m.Metadata.Name)
	}
	var jobs []scrapeConfig
	for i, ep := range m.Spec.PodMetricsEndpoints {
		if ep.Port == "" {
			return nil, fmt.Errorf("PodMonitor %s: endpoint %d has no port name", m.Metadata.Name, i)
		}
		sd := kubernetesSD{Role: "pod", APIServer: api.URL}
		sd.TLSConfig.CAFile, sd.TLSConfig.CertFile, sd.TLSConfig.KeyFile = api.CAFile, api.Cert, api.Key
		sd.Namespaces.Names = []string{m.Metadata.Namespace}
		relabel := []relabelConfig{{Action: "drop", SourceLabels: []string{"__meta_kubernetes_pod_phase"},
			Regex: "(Failed|Succeeded)"}}
		keys := make([]string, 0, len(m.Spec.Selector.MatchLabels))
		for k := range m.Spec.Selector.MatchLabels {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			name := invalidLabelChar.ReplaceAllString(k, "_")
			relabel = append(relabel, relabelConfig{Action: "keep",
				SourceLabels: []string{"__meta_kubernetes_pod_label_" + name, "__meta_kubernetes_pod_labelpresent_" + name},
				Regex:        "(" + regexp.QuoteMeta(m.Spec.Selector.MatchLabels[k]) + ");true"})
		}
		relabel = append(relabel,
			relabelConfig{Action: "keep", SourceLabels: []string{"__meta_kubernetes_pod_container_port_name"}, Regex: ep.Port},
			relabelConfig{SourceLabels: []string{"__meta_kubernetes_namespace"}, TargetLabel: "namespace"},
			relabelConfig{SourceLabels: []string{"__meta_kubernetes_pod_container_name"}, TargetLabel: "container"},
			relabelConfig{SourceLabels: []string{"__meta_kubernetes_pod_name"}, TargetLabel: "pod"},
			relabelConfig{TargetLabel: "job", Replacement: ptr(m.Metadata.Namespace + "/" + m.Metadata.Name)},
			relabelConfig{TargetLabel: "endpoint", Replacement: ptr(ep.Port)})
		for _, r := range ep.Relabelings {
			relabel = append(relabel, relabelConfig{Action: strings.ToLower(r.Action), SourceLabels: r.SourceLabels,
				Separator: r.Separator, TargetLabel: r.TargetLabel, Regex: r.Regex, Modulus: r.Modulus,
				Replacement: r.Replacement})
		}
		jobs = append(jobs, scrapeConfig{JobName: fmt.Sprintf("podMonitor/%s/%s/%d", m.Metadata.Namespace, m.Metadata.Name, i),
			ScrapeInterval: ep.Interval, MetricsPath: ep.Path, KubernetesSD: []kubernetesSD{sd}, RelabelConfigs: relabel})
	}
	return jobs, nil
}

// jobLabel is the job label the PodMonitor's targets end with: the replacement of its last
// relabeling of job, else the operator's namespace/name.
func (m *podMonitor) jobLabel() string {
	job := m.Metadata.Namespace + "/" + m.Metadata.Name
	for _, ep := range m.Spec.PodMetricsEndpoints {
		for _, r := range ep.Relabelings {
			if r.TargetLabel == "job" && len(r.SourceLabels) == 0 && r.Replacement != nil {
				job = *r.Replacement
			}
		}
	}
	return job
}

// prometheusConfig is Prometheus's configuration file: the jobs, a rule file, and the
// evaluation interval of its rules.
func prometheusConfig(jobs []scrapeConfig, ruleFile, evaluation string) ([]byte, error) {
	return yaml.Marshal(map[string]any{
		"global":         map[string]any{"evaluation_interval": evaluation},
		"rule_files":     []string{ruleFile},
		"scrape_configs": jobs,
	})
}

// ruleFile is the spec of a rendered PrometheusRule, which is a Prometheus rule file.
func ruleFile(doc []byte) ([]byte, error) {
	var r struct {
		APIVersion string         `json:"apiVersion"`
		Kind       string         `json:"kind"`
		Spec       map[string]any `json:"spec"`
	}
	if err := yaml.Unmarshal(doc, &r); err != nil {
		return nil, fmt.Errorf("the PrometheusRule: %w", err)
	}
	if r.Kind != "PrometheusRule" || r.APIVersion != "monitoring.coreos.com/v1" {
		return nil, fmt.Errorf("not a monitoring.coreos.com/v1 PrometheusRule: %s %s", r.APIVersion, r.Kind)
	}
	return yaml.Marshal(r.Spec)
}

// manifests splits helm template's output into its documents, by kind.
func manifests(out string) map[string][]byte {
	docs := map[string][]byte{}
	for _, doc := range strings.Split("\n"+out, "\n---") {
		var head struct {
			Kind string `json:"kind"`
		}
		if yaml.Unmarshal([]byte(doc), &head) == nil && head.Kind != "" {
			docs[head.Kind] = bytes.TrimSpace([]byte(doc))
		}
	}
	return docs
}

func ptr[V any](v V) *V { return &v }
