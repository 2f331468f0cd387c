package charttests

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8syaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// rendered is what one `helm template` produced, by kind; the dashboard's ConfigMap apart.
type rendered struct {
	configMaps      []*corev1.ConfigMap
	dashboards      []*corev1.ConfigMap
	daemonSets      []*appsv1.DaemonSet
	services        []*corev1.Service
	serviceMonitors []*monitoringv1.ServiceMonitor
	podMonitors     []*monitoringv1.PodMonitor
	prometheusRules []*monitoringv1.PrometheusRule
}

// decodeStrictly decodes every document of a manifest stream into its API type: unknown
// fields, duplicate keys, trailing data and kinds the chart should not render are errors.
func decodeStrictly(manifest string) (*rendered, error) {
	out := &rendered{}
	reader := k8syaml.NewYAMLReader(bufio.NewReader(strings.NewReader(manifest)))
	for n := 1; ; n++ {
		doc, err := reader.Read()
		if errors.Is(err, io.EOF) {
			out.configMaps = slices.DeleteFunc(out.configMaps, func(c *corev1.ConfigMap) bool {
				_, dashboard := c.Data[dashboardKey]
				if dashboard {
					out.dashboards = append(out.dashboards, c)
				}
				return dashboard
			})
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("document %d: %w", n, err)
		}
		jsonDoc, err := yaml.YAMLToJSONStrict(doc)
		if err != nil {
			return nil, fmt.Errorf("document %d: %w", n, err)
		}
		if bytes.Equal(bytes.TrimSpace(jsonDoc), []byte("null")) {
			continue // only comments
		}
		var meta metav1.TypeMeta
		if err := json.Unmarshal(jsonDoc, &meta); err != nil {
			return nil, fmt.Errorf("document %d: %w", n, err)
		}
		var target any
		switch meta.APIVersion + " " + meta.Kind {
		case "v1 ConfigMap":
			v := &corev1.ConfigMap{}
			out.configMaps, target = append(out.configMaps, v), v
		case "apps/v1 DaemonSet":
			v := &appsv1.DaemonSet{}
			out.daemonSets, target = append(out.daemonSets, v), v
		case "v1 Service":
			v := &corev1.Service{}
			out.services, target = append(out.services, v), v
		case "monitoring.coreos.com/v1 ServiceMonitor":
			v := &monitoringv1.ServiceMonitor{}
			out.serviceMonitors, target = append(out.serviceMonitors, v), v
		case "monitoring.coreos.com/v1 PodMonitor":
			v := &monitoringv1.PodMonitor{}
			out.podMonitors, target = append(out.podMonitors, v), v
		case "monitoring.coreos.com/v1 PrometheusRule":
			v := &monitoringv1.PrometheusRule{}
			out.prometheusRules, target = append(out.prometheusRules, v), v
		default:
			return nil, fmt.Errorf("document %d: the chart should not render %s %s", n, meta.APIVersion, meta.Kind)
		}
		decoder := json.NewDecoder(bytes.NewReader(jsonDoc))
		decoder.DisallowUnknownFields()
		if err := decoder.Decode(target); err != nil {
			return nil, fmt.Errorf("document %d (%s): %w", n, meta.Kind, err)
		}
		if decoder.More() {
			return nil, fmt.Errorf("document %d (%s): trailing data", n, meta.Kind)
		}
	}
}
