package charttests

import (
	"strings"
	"testing"
)

func TestLint(t *testing.T) {
	for _, values := range [][]string{nil, {"-f", "values/custom.yaml"}, {"-f", "values/on-delete.yaml"},
		{"-f", "values/monitoring.yaml"}} {
		name := "should lint clean in strict mode with the default values"
		if values != nil {
			name = "should lint clean in strict mode with " + values[1]
		}
		check(t, name, func(t *testing.T) {
			out, err := runHelm(append([]string{"lint", "--strict", "--kube-version", kubeVersion, chartDir}, values...)...)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(out, "[WARNING]") || strings.Contains(out, "[ERROR]") || !strings.Contains(out, "0 chart(s) failed") {
				t.Errorf("helm lint:\n%s", out)
			}
		})
	}
}

func TestDefaultValues(t *testing.T) {
	r := render(t, "should render objects that decode strictly with the default values")
	if r == nil {
		return
	}
	check(t, "should render only a ConfigMap and a DaemonSet", func(t *testing.T) {
		if len(r.configMaps) != 1 || len(r.daemonSets) != 1 || len(r.services) != 0 || len(r.serviceMonitors) != 0 ||
			len(r.podMonitors) != 0 || len(r.prometheusRules) != 0 || len(r.dashboards) != 0 {
			t.Errorf("rendered %d ConfigMaps, %d DaemonSets, %d Services, %d ServiceMonitors, %d PodMonitors, "+
				"%d PrometheusRules, %d dashboards", len(r.configMaps), len(r.daemonSets), len(r.services),
				len(r.serviceMonitors), len(r.podMonitors), len(r.prometheusRules), len(r.dashboards))
		}
	})
	checkDaemonSet(t, r, defaults)

	ds := onlyDaemonSet(t, r)
	check(t, "should expose the Prometheus endpoint by default", func(t *testing.T) {
		if got := at(applicationYAML(t, r), "management", "endpoints", "web", "exposure", "include"); got != "health,info,prometheus" {
			t.Errorf("management.endpoints.web.exposure.include = %#v", got)
		}
	})
	check(t, "should tolerate every taint and run on Linux nodes only", func(t *testing.T) {
		tol := ds.Spec.Template.Spec.Tolerations
		if len(tol) != 1 || tol[0].Operator != "Exists" || tol[0].Key != "" || tol[0].Effect != "" {
			t.Errorf("tolerations %+v", tol)
		}
		if ds.Spec.Template.Spec.NodeSelector["kubernetes.io/os"] != "linux" {
			t.Errorf("nodeSelector %v", ds.Spec.Template.Spec.NodeSelector)
		}
	})
	check(t, "should request memory equal to its limit and set no CPU limit", func(t *testing.T) {
		res := plugin(t, ds).Resources
		if res.Limits.Cpu().Value() != 0 {
			t.Errorf("cpu limit %s", res.Limits.Cpu())
		}
		if res.Requests.Memory().Cmp(*res.Limits.Memory()) != 0 || res.Limits.Memory().IsZero() {
			t.Errorf("memory request %s, limit %s", res.Requests.Memory(), res.Limits.Memory())
		}
	})
	check(t, "should run the chart's appVersion of the spring-hello image", func(t *testing.T) {
		if c := plugin(t, ds); c.Image != "nri4j/spring-hello:0.1.0-SNAPSHOT" || c.ImagePullPolicy != "IfNotPresent" {
			t.Errorf("image %s (%s)", c.Image, c.ImagePullPolicy)
		}
	})
	check(t, "should run as system-node-critical, which every cluster has, unless told otherwise", func(t *testing.T) {
		if p := ds.Spec.Template.Spec.PriorityClassName; p != "system-node-critical" {
			t.Errorf("priorityClassName %q", p)
		}
		manifest, err := runHelm("template", "test", chartDir, "--namespace", "nri", "--kube-version", kubeVersion,
			"--set", "priorityClassName=")
		if err != nil {
			t.Fatal(err)
		}
		none, err := decodeStrictly(manifest)
		if err != nil {
			t.Fatal(err)
		}
		if p := onlyDaemonSet(t, none).Spec.Template.Spec.PriorityClassName; p != "" {
			t.Errorf("with priorityClassName=\"\": %q", p)
		}
	})
}

func TestCustomValues(t *testing.T) {
	r := render(t, "should render objects that decode strictly with values/custom.yaml", "-f", "values/custom.yaml")
	if r == nil {
		return
	}
	checkDaemonSet(t, r, expected{
		name: "cpu-pinner", index: "07",
		socketDir: "/run/crio/nri", socket: "/run/crio/nri/plugins.sock", socketReadOnly: false,
		instancesDir:   "/var/lib/cpu-pinner/instances",
		managementPort: 9464,
		maxSurge:       "10%", maxUnavailable: "0", minReadySeconds: 15,
		grace: 50, phase: "20s",
		jvmOptions:   "-XX:+UseSerialGC -Xmx96m -XX:AOTCache=/app/app.aot",
		runAsNonRoot: true, runAsUser: 65532,
		prometheusAnnotation: false,
	})
	ds := onlyDaemonSet(t, r)
	pod := ds.Spec.Template.Spec
	c := plugin(t, ds)
	config := applicationYAML(t, r)

	check(t, "should merge the user's configuration into application.yaml", func(t *testing.T) {
		if got := at(config, "logging", "level", "io.nri4j"); got != "debug" {
			t.Errorf("logging.level.io.nri4j = %#v", got)
		}
		if got := at(config, "nri", "handler", "threads"); got != float64(2) {
			t.Errorf("nri.handler.threads = %#v", got)
		}
		if got := at(config, "management", "endpoints", "web", "exposure", "include"); got != "health,prometheus" {
			t.Errorf("the user's exposure should win over the chart's default, got %#v", got)
		}
	})
	check(t, "should render a headless metrics Service and a ServiceMonitor that find the pods", func(t *testing.T) {
		if len(r.services) != 1 || len(r.serviceMonitors) != 1 {
			t.Fatalf("%d Services, %d ServiceMonitors", len(r.services), len(r.serviceMonitors))
		}
		svc, sm := r.services[0], r.serviceMonitors[0]
		if svc.Spec.ClusterIP != "None" || len(svc.Spec.Ports) != 1 || svc.Spec.Ports[0].Name != "management" ||
			svc.Spec.Ports[0].Port != 9464 || svc.Spec.Ports[0].TargetPort.String() != "management" {
			t.Errorf("service spec %+v", svc.Spec)
		}
		for k, v := range svc.Spec.Selector {
			if ds.Spec.Template.Labels[k] != v {
				t.Errorf("service selector %s=%s misses the pods", k, v)
			}
		}
		for k, v := range sm.Spec.Selector.MatchLabels {
			if svc.Labels[k] != v {
				t.Errorf("ServiceMonitor selector %s=%s misses the Service", k, v)
			}
		}
		if len(sm.Spec.Endpoints) != 1 || sm.Spec.Endpoints[0].Port != "management" ||
			sm.Spec.Endpoints[0].Path != "/actuator/prometheus" || sm.Spec.Endpoints[0].Interval != "15s" {
			t.Errorf("endpoints %+v", sm.Spec.Endpoints)
		}
		if sm.Labels["release"] != "kube-prometheus" {
			t.Errorf("ServiceMonitor labels %v", sm.Labels)
		}
		checkRelabelings(t, sm.Spec.Endpoints[0].RelabelConfigs, "pinner")
	})
	check(t, "should apply scheduling, identity and environment values", func(t *testing.T) {
		if pod.PriorityClassName != "system-node-critical" {
			t.Errorf("priorityClassName %q", pod.PriorityClassName)
		}
		if len(pod.Tolerations) != 1 || pod.Tolerations[0].Key != "node-role.kubernetes.io/control-plane" {
			t.Errorf("tolerations %+v", pod.Tolerations)
		}
		if pod.NodeSelector["nri.example.com/enabled"] != "true" {
			t.Errorf("nodeSelector %v", pod.NodeSelector)
		}
		if pod.Affinity == nil || pod.Affinity.NodeAffinity == nil {
			t.Errorf("affinity %+v", pod.Affinity)
		}
		if pod.ServiceAccountName != "cpu-pinner" || len(pod.ImagePullSecrets) != 1 {
			t.Errorf("serviceAccountName %q, imagePullSecrets %v", pod.ServiceAccountName, pod.ImagePullSecrets)
		}
		if c.Image != "registry.example.com/team/cpu-pinner:1.4.2" || c.ImagePullPolicy != "Never" {
			t.Errorf("image %s (%s)", c.Image, c.ImagePullPolicy)
		}
		if e, ok := env(c, "NODE_IP"); !ok || e.ValueFrom == nil || e.ValueFrom.FieldRef.FieldPath != "status.hostIP" {
			t.Errorf("NODE_IP %+v", e)
		}
		if ds.Name != "pinner" || ds.Spec.Template.Labels["team.example.com/name"] != "platform" ||
			ds.Spec.Template.Annotations["team.example.com/owner"] != "platform" {
			t.Errorf("name %s, labels %v, annotations %v", ds.Name, ds.Spec.Template.Labels, ds.Spec.Template.Annotations)
		}
		if g := pod.SecurityContext.SupplementalGroups; len(g) != 1 || g[0] != 2000 {
			t.Errorf("supplementalGroups %v", g)
		}
	})
	check(t, "should change the config checksum when the configuration changes", func(t *testing.T) {
		manifest, err := runHelm("template", "test", chartDir, "--namespace", "nri", "--kube-version", kubeVersion)
		if err != nil {
			t.Fatal(err)
		}
		other, err := decodeStrictly(manifest)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := onlyDaemonSet(t, other).Spec.Template.Annotations["checksum/config"],
			ds.Spec.Template.Annotations["checksum/config"]; a == b {
			t.Errorf("same checksum %s for different configurations", a)
		}
	})
}

func TestOnDeleteStrategy(t *testing.T) {
	r := render(t, "should render objects that decode strictly with values/on-delete.yaml", "-f", "values/on-delete.yaml")
	if r == nil {
		return
	}
	ds := onlyDaemonSet(t, r)
	check(t, "should render OnDelete without rollingUpdate", func(t *testing.T) {
		if s := ds.Spec.UpdateStrategy; s.Type != "OnDelete" || s.RollingUpdate != nil {
			t.Errorf("updateStrategy %+v", s)
		}
	})
}
