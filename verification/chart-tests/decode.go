package charttests

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	k8syaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"
)

// serviceMonitor is the part of the Prometheus Operator's type the chart renders; decoding
// into it strictly rejects any other field.
type serviceMonitor struct {
	metav1.TypeMeta   `json:",inline"`
	metav1.ObjectMeta `json:"metadata"`
	Spec              struct {
		Selector  metav1.LabelSelector `json:"selector"`
		Endpoints []struct {
			Port     string `json:"port"`
			Path     string `json:"path"`
			Interval string `json:"interval"`
		} `json:"endpoints"`
	} `json:"spec"`
}

// rendered is what one `helm template` produced, by kind.
type rendered struct {
	configMaps      []*corev1.ConfigMap
	daemonSets      []*appsv1.DaemonSet
	services        []*corev1.Service
	serviceMonitors []*serviceMonitor
}

// decodeStrictly decodes every document of a manifest stream into its API type: unknown
// fields, duplicate keys, trailing data and kinds the chart should not render are errors.
func decodeStrictly(manifest string) (*rendered, error) {
	out := &rendered{}
	reader := k8syaml.NewYAMLReader(bufio.NewReader(strings.NewReader(manifest)))
	for n := 1; ; n++ {
		doc, err := reader.Read()
		if errors.Is(err, io.EOF) {
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
			v := &serviceMonitor{}
			out.serviceMonitors, target = append(out.serviceMonitors, v), v
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
