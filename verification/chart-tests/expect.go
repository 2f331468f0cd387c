package charttests

import (
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"
)

// expected is what a values file should lead to.
type expected struct {
	name, index          string
	socketDir, socket    string
	socketReadOnly       bool
	instancesDir         string
	managementPort       int32
	maxSurge             string
	maxUnavailable       string
	minReadySeconds      int32
	grace                int64
	phase                string
	jvmOptions           string
	runAsNonRoot         bool
	runAsUser            int64
	prometheusAnnotation bool
}

var defaults = expected{
	name: "spring-hello", index: "60",
	socketDir: "/var/run/nri", socket: "/var/run/nri/nri.sock", socketReadOnly: true,
	instancesDir:   "/var/run/nri4j",
	managementPort: 8081,
	maxSurge:       "1", maxUnavailable: "0",
	grace: 30, phase: "10s",
	jvmOptions:           "-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:MaxRAMPercentage=50 -Xmn8m -XX:TrimNativeHeapInterval=1000 -XX:+ExitOnOutOfMemoryError -Dio.netty.jfr.enabled=false -Djdk.reflect.useNativeAccessorOnly=true",
	runAsNonRoot:         false,
	runAsUser:            0,
	prometheusAnnotation: true,
}

// kubeVersion: what helm assumes of the cluster (its own default, built by go install, is
// v1.20); the version of the single-node cluster the chart is installed on in the e2e tests.
const kubeVersion = "v1.34.4"

// render runs helm template as a case of its own: every object must decode strictly, and there
// must be one DaemonSet with one container and one ConfigMap with an application.yaml. It
// returns nil when that failed, and the caller stops.
func render(t *testing.T, name string, args ...string) *rendered {
	t.Helper()
	var r *rendered
	check(t, name, func(t *testing.T) {
		manifest, err := runHelm(append([]string{"template", "test", chartDir, "--namespace", "nri", "--kube-version", kubeVersion}, args...)...)
		if err != nil {
			t.Fatal(err)
		}
		decoded, err := decodeStrictly(manifest)
		if err != nil {
			t.Fatalf("%v\n%s", err, manifest)
		}
		plugin(t, onlyDaemonSet(t, decoded))
		applicationYAML(t, decoded)
		r = decoded
	})
	return r
}

func onlyDaemonSet(t *testing.T, r *rendered) *appsv1.DaemonSet {
	t.Helper()
	if len(r.daemonSets) != 1 {
		t.Fatalf("want one DaemonSet, got %d", len(r.daemonSets))
	}
	return r.daemonSets[0]
}

func plugin(t *testing.T, ds *appsv1.DaemonSet) *corev1.Container {
	t.Helper()
	containers := ds.Spec.Template.Spec.Containers
	if len(containers) != 1 || len(ds.Spec.Template.Spec.InitContainers) != 0 {
		t.Fatalf("want exactly one container, got %d (and %d init containers)", len(containers), len(ds.Spec.Template.Spec.InitContainers))
	}
	return &containers[0]
}

func volume(t *testing.T, ds *appsv1.DaemonSet, name string) corev1.Volume {
	t.Helper()
	for _, v := range ds.Spec.Template.Spec.Volumes {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("no volume %q", name)
	return corev1.Volume{}
}

func mount(t *testing.T, c *corev1.Container, name string) corev1.VolumeMount {
	t.Helper()
	for _, m := range c.VolumeMounts {
		if m.Name == name {
			return m
		}
	}
	t.Fatalf("no volume mount %q", name)
	return corev1.VolumeMount{}
}

func env(c *corev1.Container, name string) (corev1.EnvVar, bool) {
	for _, e := range c.Env {
		if e.Name == name {
			return e, true
		}
	}
	return corev1.EnvVar{}, false
}

// applicationYAML decodes the ConfigMap's application.yaml.
func applicationYAML(t *testing.T, r *rendered) map[string]any {
	t.Helper()
	if len(r.configMaps) != 1 {
		t.Fatalf("want one ConfigMap, got %d", len(r.configMaps))
	}
	text, ok := r.configMaps[0].Data["application.yaml"]
	if !ok {
		t.Fatalf("the ConfigMap has no application.yaml: %v", r.configMaps[0].Data)
	}
	config := map[string]any{}
	if err := yaml.UnmarshalStrict([]byte(text), &config); err != nil {
		t.Fatalf("application.yaml: %v\n%s", err, text)
	}
	return config
}

// at follows a path of keys through nested maps.
func at(config map[string]any, path ...string) any {
	var node any = config
	for _, key := range path {
		m, ok := node.(map[string]any)
		if !ok {
			return nil
		}
		node = m[key]
	}
	return node
}
