package charttests

import (
	"fmt"
	"testing"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
)

// checkDaemonSet holds a rendered DaemonSet to what every values file must give an operator.
func checkDaemonSet(t *testing.T, r *rendered, want expected) {
	ds := onlyDaemonSet(t, r)
	c := plugin(t, ds)
	pod := ds.Spec.Template.Spec
	config := applicationYAML(t, r)

	check(t, "should name the plugin and its index in application.yaml", func(t *testing.T) {
		if got := at(config, "nri", "plugin", "name"); got != want.name {
			t.Errorf("nri.plugin.name = %#v, want %q", got, want.name)
		}
		if got := at(config, "nri", "plugin", "index"); got != want.index {
			t.Errorf("nri.plugin.index = %#v, want the string %q", got, want.index)
		}
	})

	check(t, "should mount the socket directory from the host, DirectoryOrCreate, at the same path", func(t *testing.T) {
		v := volume(t, ds, "nri-socket")
		if v.HostPath == nil || v.HostPath.Path != want.socketDir {
			t.Fatalf("volume nri-socket = %+v, want hostPath %s", v.VolumeSource, want.socketDir)
		}
		if v.HostPath.Type == nil || *v.HostPath.Type != corev1.HostPathDirectoryOrCreate {
			t.Errorf("hostPath type = %v, want DirectoryOrCreate", v.HostPath.Type)
		}
		m := mount(t, c, "nri-socket")
		if m.MountPath != want.socketDir || m.ReadOnly != want.socketReadOnly || m.SubPath != "" {
			t.Errorf("mount = %+v, want %s, readOnly %v, no subPath", m, want.socketDir, want.socketReadOnly)
		}
		if got := at(config, "nri", "socket-path"); got != want.socket {
			t.Errorf("nri.socket-path = %#v, want %q", got, want.socket)
		}
	})

	check(t, "should mount the instances directory from the host, writable, and name it to the plugin", func(t *testing.T) {
		v := volume(t, ds, "instances")
		if v.HostPath == nil || v.HostPath.Path != want.instancesDir || v.HostPath.Type == nil ||
			*v.HostPath.Type != corev1.HostPathDirectoryOrCreate {
			t.Fatalf("volume instances = %+v, want hostPath %s DirectoryOrCreate", v.VolumeSource, want.instancesDir)
		}
		if m := mount(t, c, "instances"); m.MountPath != want.instancesDir || m.ReadOnly {
			t.Errorf("mount = %+v, want %s writable", m, want.instancesDir)
		}
		if got := at(config, "nri", "instances", "directory"); got != want.instancesDir {
			t.Errorf("nri.instances.directory = %#v, want %q", got, want.instancesDir)
		}
	})

	check(t, "should write to no host path but the instances, ledger and socket directories", func(t *testing.T) {
		for _, v := range pod.Volumes {
			if v.HostPath == nil {
				continue
			}
			if v.Name != "nri-socket" && v.Name != "instances" && v.Name != "ledger" {
				t.Errorf("unexpected hostPath volume %s (%s)", v.Name, v.HostPath.Path)
			}
		}
		for _, m := range c.VolumeMounts {
			writable := !m.ReadOnly
			allowed := m.Name == "instances" || m.Name == "ledger" || m.Name == "tmp" || (m.Name == "nri-socket" && !want.socketReadOnly)
			if writable && !allowed {
				t.Errorf("mount %s at %s is writable", m.Name, m.MountPath)
			}
		}
		if v := volume(t, ds, "tmp"); v.EmptyDir == nil || v.EmptyDir.SizeLimit == nil {
			t.Errorf("volume tmp = %+v, want a size-limited emptyDir", v.VolumeSource)
		}
		if m := mount(t, c, "tmp"); m.MountPath != "/tmp" {
			t.Errorf("tmp mounted at %s", m.MountPath)
		}
	})

	check(t, "should read application.yaml from the ConfigMap where Spring Boot looks", func(t *testing.T) {
		v := volume(t, ds, "config")
		if v.ConfigMap == nil || v.ConfigMap.Name != r.configMaps[0].Name {
			t.Fatalf("volume config = %+v, want ConfigMap %s", v.VolumeSource, r.configMaps[0].Name)
		}
		m := mount(t, c, "config")
		e, ok := env(c, "SPRING_CONFIG_ADDITIONAL_LOCATION")
		if wantLocation := "file:" + m.MountPath + "/application.yaml"; !ok || e.Value != wantLocation {
			t.Errorf("SPRING_CONFIG_ADDITIONAL_LOCATION = %+v, want %s", e, wantLocation)
		}
		if ds.Spec.Template.Annotations["checksum/config"] == "" {
			t.Errorf("no checksum/config annotation: a changed configuration would not roll the pods")
		}
	})

	check(t, "should probe the liveness and readiness groups on the management port", func(t *testing.T) {
		var port *corev1.ContainerPort
		for i := range c.Ports {
			if c.Ports[i].Name == "management" {
				port = &c.Ports[i]
			}
		}
		if port == nil || port.ContainerPort != want.managementPort {
			t.Fatalf("ports = %+v, want management %d", c.Ports, want.managementPort)
		}
		if got := at(config, "management", "server", "port"); fmt.Sprint(got) != fmt.Sprint(want.managementPort) {
			t.Errorf("management.server.port = %#v, want %d", got, want.managementPort)
		}
		// One web server: a second port would start a second one, which Spring AOT fixes at build time.
		if got := at(config, "server", "port"); fmt.Sprint(got) != fmt.Sprint(want.managementPort) {
			t.Errorf("server.port = %#v, want the management port %d", got, want.managementPort)
		}
		if got := at(config, "management", "endpoint", "health", "probes", "enabled"); got != true {
			t.Errorf("management.endpoint.health.probes.enabled = %#v, want true", got)
		}
		for name, probe := range map[string]struct {
			p    *corev1.Probe
			path string
		}{
			"startup":   {c.StartupProbe, "/actuator/health/liveness"},
			"liveness":  {c.LivenessProbe, "/actuator/health/liveness"},
			"readiness": {c.ReadinessProbe, "/actuator/health/readiness"},
		} {
			if probe.p == nil || probe.p.HTTPGet == nil {
				t.Errorf("%s probe = %+v, want an HTTP GET", name, probe.p)
				continue
			}
			if probe.p.HTTPGet.Path != probe.path || probe.p.HTTPGet.Port != intstr.FromString("management") {
				t.Errorf("%s probe = %s on %s, want %s on management", name, probe.p.HTTPGet.Path, probe.p.HTTPGet.Port.String(), probe.path)
			}
		}
	})

	check(t, "should give the application a minute to start before liveness counts", func(t *testing.T) {
		if s := c.StartupProbe; s == nil || s.FailureThreshold*s.PeriodSeconds < 60 {
			t.Errorf("startup probe %+v allows less than 60s to start", s)
		}
	})

	check(t, "should pass the JVM options in JAVA_TOOL_OPTIONS", func(t *testing.T) {
		if e, ok := env(c, "JAVA_TOOL_OPTIONS"); !ok || e.Value != want.jvmOptions {
			t.Errorf("JAVA_TOOL_OPTIONS = %+v, want %q", e, want.jvmOptions)
		}
	})

	check(t, "should drain within the grace period", func(t *testing.T) {
		if got := at(config, "spring", "lifecycle", "timeout-per-shutdown-phase"); got != want.phase {
			t.Errorf("spring.lifecycle.timeout-per-shutdown-phase = %#v, want %q", got, want.phase)
		}
		if pod.TerminationGracePeriodSeconds == nil || *pod.TerminationGracePeriodSeconds != want.grace {
			t.Errorf("terminationGracePeriodSeconds = %v, want %d", pod.TerminationGracePeriodSeconds, want.grace)
		}
	})

	check(t, "should run with no capabilities, a read-only root and RuntimeDefault seccomp, off the host's namespaces", func(t *testing.T) {
		sc := c.SecurityContext
		if sc == nil || sc.Capabilities == nil || len(sc.Capabilities.Drop) != 1 || sc.Capabilities.Drop[0] != "ALL" ||
			len(sc.Capabilities.Add) != 0 {
			t.Fatalf("container securityContext %+v, want capabilities drop [ALL], add none", sc)
		}
		if sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
			t.Errorf("readOnlyRootFilesystem = %v", sc.ReadOnlyRootFilesystem)
		}
		if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
			t.Errorf("allowPrivilegeEscalation = %v", sc.AllowPrivilegeEscalation)
		}
		if sc.Privileged != nil && *sc.Privileged {
			t.Errorf("privileged")
		}
		psc := pod.SecurityContext
		if psc == nil || psc.SeccompProfile == nil || psc.SeccompProfile.Type != corev1.SeccompProfileTypeRuntimeDefault {
			t.Errorf("pod seccompProfile = %+v, want RuntimeDefault", psc)
		}
		if pod.HostNetwork || pod.HostPID || pod.HostIPC {
			t.Errorf("hostNetwork %v, hostPID %v, hostIPC %v", pod.HostNetwork, pod.HostPID, pod.HostIPC)
		}
		if psc == nil || psc.RunAsNonRoot == nil || *psc.RunAsNonRoot != want.runAsNonRoot ||
			psc.RunAsUser == nil || *psc.RunAsUser != want.runAsUser {
			t.Errorf("pod securityContext %+v, want runAsNonRoot %v, runAsUser %d", psc, want.runAsNonRoot, want.runAsUser)
		}
	})

	check(t, "should mount no service-account token", func(t *testing.T) {
		if pod.AutomountServiceAccountToken == nil || *pod.AutomountServiceAccountToken {
			t.Errorf("automountServiceAccountToken = %v, want false", pod.AutomountServiceAccountToken)
		}
	})

	check(t, "should roll out with the configured surge", func(t *testing.T) {
		s := ds.Spec.UpdateStrategy
		if s.Type != "RollingUpdate" || s.RollingUpdate == nil || s.RollingUpdate.MaxSurge == nil ||
			s.RollingUpdate.MaxUnavailable == nil {
			t.Fatalf("updateStrategy = %+v", s)
		}
		if s.RollingUpdate.MaxSurge.String() != want.maxSurge || s.RollingUpdate.MaxUnavailable.String() != want.maxUnavailable {
			t.Errorf("maxSurge %s, maxUnavailable %s; want %s, %s", s.RollingUpdate.MaxSurge.String(),
				s.RollingUpdate.MaxUnavailable.String(), want.maxSurge, want.maxUnavailable)
		}
	})

	check(t, "should keep the old pod minReadySeconds after the new one is Ready", func(t *testing.T) {
		if ds.Spec.MinReadySeconds != want.minReadySeconds {
			t.Errorf("minReadySeconds = %d, want %d", ds.Spec.MinReadySeconds, want.minReadySeconds)
		}
	})

	check(t, "should select its own pods", func(t *testing.T) {
		for k, v := range ds.Spec.Selector.MatchLabels {
			if ds.Spec.Template.Labels[k] != v {
				t.Errorf("selector %s=%s not on the pod template (%v)", k, v, ds.Spec.Template.Labels)
			}
		}
	})

	check(t, "should annotate the pods for Prometheus as configured", func(t *testing.T) {
		a := ds.Spec.Template.Annotations
		if !want.prometheusAnnotation {
			if _, ok := a["prometheus.io/scrape"]; ok {
				t.Errorf("prometheus annotations present though disabled: %v", a)
			}
			return
		}
		if a["prometheus.io/scrape"] != "true" || a["prometheus.io/port"] != fmt.Sprint(want.managementPort) ||
			a["prometheus.io/path"] != "/actuator/prometheus" {
			t.Errorf("annotations %v", a)
		}
	})
}
