package harness

import (
	"strings"
	"time"

	specs "github.com/opencontainers/runtime-spec/specs-go"
)

// startPlugin starts a Spring Boot plugin jar and waits until it is ready; it is stopped with
// the case.
func startPlugin(t *T, s *Suite, c Runtime, name, jar string) *Plugin {
	p, err := s.Java.StartJar(name, jar, c.NRIPath())
	if err != nil {
		t.Fatalf("%v", err)
	}
	t.Cleanup(func() {
		if _, err := p.Terminate(30 * time.Second); err != nil || t.Failed() {
			t.Logf("plugin %s output:\n%s", name, p.Output(40))
		}
	})
	if _, err := p.AwaitReadiness("UP", pluginTimeout); err != nil {
		t.Fatalf("%v", err)
	}
	return p
}

// runPod runs a pod with a running container "app"; both are removed with the case.
func runPod(t *T, c Runtime, name string, annotations map[string]string) (*Pod, string) {
	pod, err := c.RunPod(name, annotations)
	if err != nil {
		t.Fatalf("RunPodSandbox: %v", err)
	}
	t.Cleanup(func() {
		if err := pod.Remove(); err != nil {
			t.Logf("removing pod %s: %v", pod.Name(), err)
		}
	})
	id, err := pod.RunContainer("app")
	if err != nil {
		t.Fatalf("container: %v", err)
	}
	return pod, id
}

func specOf(t *T, c Runtime, id string) *specs.Spec {
	spec, err := c.Spec(id)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return spec
}

func execIn(t *T, c Runtime, id string, command ...string) string {
	out, err := c.Exec(id, command...)
	if err != nil {
		t.Fatalf("exec: %v", err)
	}
	return out
}

func requireEnv(t *T, spec *specs.Spec, want string) {
	for _, e := range spec.Process.Env {
		if e == want {
			return
		}
	}
	t.Fatalf("no %s in the spec's env: %v", want, spec.Process.Env)
}

func requireContains(t *T, s, want string) {
	if !strings.Contains(s, want) {
		t.Fatalf("%q not in:\n%s", want, s)
	}
}
