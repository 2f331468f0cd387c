package harness

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	specs "github.com/opencontainers/runtime-spec/specs-go"
)

const (
	prefix      = "e2e.nri4j.io/"
	memoryLimit = 64 << 20
)

// launched: containerd starts hello-world from its plugin directory and waits for it to
// register before it serves CRI, so the first container is already adjusted.
func (s *Suite) launched(t *T, c *Containerd, r Release) {
	pod, id := runPod(t, c, "launched", nil)
	spec := specOf(t, c, id)
	t.Run("should adjust a container created through CRI", func(t *T) {
		if got := spec.Annotations["hello.nri4j.io/greeting"]; got != "hello, app" {
			t.Fatalf("annotation hello.nri4j.io/greeting = %q, want %q (pod %s)", got, "hello, app", pod.Name())
		}
		requireEnv(t, spec, "HELLO=world")
	})
	t.Run("should have its env variable seen inside the running container", func(t *T) {
		requireContains(t, execIn(t, c, id, "env"), "HELLO=world")
	})
}

// external: the e2e Spring plugin, started as a DaemonSet starts it, makes one change of each
// kind; the OCI spec holds it and the running container obeys it.
func (s *Suite) external(t *T, c *Containerd, r Release) {
	startPlugin(t, s, c, "e2e-adjuster", s.AdjusterJar)
	source := t.TempDir()
	marker := "mounted by " + r.Version
	if err := os.WriteFile(filepath.Join(source, "marker"), []byte(marker), 0o644); err != nil {
		t.Fatalf("%v", err)
	}
	_, id := runPod(t, c, "external", map[string]string{prefix + "adjust": "external",
		prefix + "memory-limit": strconv.Itoa(memoryLimit), prefix + "mount-source": source})
	spec := specOf(t, c, id)

	t.Run("should add the annotation to the OCI spec", func(t *T) {
		if got := spec.Annotations[prefix+"adjusted"]; got != "external" {
			t.Fatalf("annotation %sadjusted = %q, want \"external\"", prefix, got)
		}
	})
	t.Run("should set the env variable in the spec and the container", func(t *T) {
		requireEnv(t, spec, "E2E_ADJUSTED=external")
		requireContains(t, execIn(t, c, id, "env"), "E2E_ADJUSTED=external")
	})
	t.Run("should set the rlimit in the spec and for the container's processes", func(t *T) {
		for _, want := range []specs.POSIXRlimit{{Type: "RLIMIT_CORE", Hard: 4242, Soft: 2121},
			{Type: "RLIMIT_NOFILE", Hard: 1042, Soft: 1021}} {
			found := false
			for _, l := range spec.Process.Rlimits {
				found = found || l == want
			}
			if !found {
				t.Fatalf("no %+v in the spec: %+v", want, spec.Process.Rlimits)
			}
		}
		// PID 1, the process runc started with the spec's rlimits. (Not an exec'd process:
		// Debian's runc 1.1.5 races on RLIMIT_NOFILE in `runc exec`, runc#4195.)
		limits := execIn(t, c, id, "cat", "/proc/1/limits")
		for label, want := range map[string][2]string{"Max core file size": {"2121", "4242"}, "Max open files": {"1021", "1042"}} {
			if got := limitOf(limits, label); got != want {
				t.Fatalf("%s inside the container: %v, want soft %s, hard %s; bundle: %s", label, got, want[0], want[1], bundleRlimits(c, id))
			}
		}
	})
	t.Run("should enforce the memory limit in the container's cgroup", func(t *T) {
		if m := spec.Linux.Resources.Memory; m == nil || m.Limit == nil || *m.Limit != memoryLimit {
			t.Fatalf("memory limit in the spec: %+v, want %d", m, memoryLimit)
		}
		got := strings.TrimSpace(execIn(t, c, id, "sh", "-c",
			"cat /sys/fs/cgroup/memory/memory.limit_in_bytes 2>/dev/null || cat /sys/fs/cgroup/memory.max"))
		if got != strconv.Itoa(memoryLimit) {
			t.Fatalf("memory limit the container's cgroup enforces: %q, want %d", got, memoryLimit)
		}
	})
	t.Run("should bind-mount the directory into the container", func(t *T) {
		found := false
		for _, m := range spec.Mounts {
			found = found || (m.Destination == "/e2e-mount" && m.Source == source)
		}
		if !found {
			t.Fatalf("no mount of %s at /e2e-mount in the spec: %+v", source, spec.Mounts)
		}
		if got := execIn(t, c, id, "cat", "/e2e-mount/marker"); got != marker {
			t.Fatalf("/e2e-mount/marker = %q, want %q", got, marker)
		}
	})
	t.Run("should leave the containers of other pods alone", func(t *T) {
		_, other := runPod(t, c, "unadjusted", nil)
		for _, e := range specOf(t, c, other).Process.Env {
			if strings.HasPrefix(e, "E2E_ADJUSTED=") {
				t.Fatalf("a pod without %sadjust was adjusted: %s", prefix, e)
			}
		}
	})
}

// restart: containerd restarts under a running plugin, which reconnects and is synchronized
// with the pods that outlived the restart.
func (s *Suite) restart(t *T, c *Containerd, r Release) {
	p := startPlugin(t, s, c, "e2e-adjuster", s.AdjusterJar)
	before, _ := runPod(t, c, "before-restart", map[string]string{prefix + "adjust": "before-restart"})
	syncs, err := p.AwaitLines("synchronized pods", 1, pluginTimeout)
	if err != nil {
		t.Fatalf("%v", err)
	}
	c.Stop(stopTimeout)
	t.Run("should report readiness DOWN while containerd is away", func(t *T) {
		status, err := p.AwaitReadiness("!UP", 30*time.Second)
		if err != nil {
			t.Fatalf("%v", err)
		}
		t.Logf("readiness %s", status)
	})
	if err := c.Start(startTimeout); err != nil {
		t.Fatalf("%v", err)
	}
	t.Run("should reconnect and be synchronized with the pods that outlived the restart", func(t *T) {
		lines, err := p.AwaitLines("synchronized pods", len(syncs)+1, pluginTimeout)
		if err != nil {
			t.Fatalf("%v", err)
		}
		if last := lines[len(lines)-1]; !strings.Contains(last, before.Name()) {
			t.Fatalf("synchronized after the restart without pod %s: %s", before.Name(), last)
		}
	})
	t.Run("should report readiness UP again", func(t *T) {
		if _, err := p.AwaitReadiness("UP", pluginTimeout); err != nil {
			t.Fatalf("%v", err)
		}
	})
	t.Run("should adjust the next pod's container", func(t *T) {
		_, id := runPod(t, c, "after-restart", map[string]string{prefix + "adjust": "after-restart"})
		requireEnv(t, specOf(t, c, id), "E2E_ADJUSTED=after-restart")
	})
}

// validation: the policy-validator sample refuses a container whose pod requires a plugin that
// does not run; the CRI call fails with its reason.
func (s *Suite) validation(t *T, c *Containerd, r Release) {
	if !AtLeast(r.NRI, "v0.10.0") {
		t.Skipf("containerd %s embeds NRI %s: container adjustment validation came with NRI v0.10.0", r.Version, r.NRI)
	}
	startPlugin(t, s, c, "policy-validator", s.ValidatorJar)
	t.Run("should let a container the policy allows be created", func(t *T) {
		runPod(t, c, "allowed", nil)
	})
	t.Run("should fail CreateContainer with the validator's reason", func(t *T) {
		pod, err := c.RunPod("needs-gpu", map[string]string{"required-plugins.noderesource.dev": "- gpu"})
		if err != nil {
			t.Fatalf("RunPodSandbox: %v", err)
		}
		t.Cleanup(func() { pod.Remove() })
		id, err := pod.CreateContainer("app", "/bin/sleep", "3600")
		if err == nil {
			t.Fatalf("CreateContainer succeeded (container %s), want the validator's rejection", id)
		}
		for _, want := range []string{"90-policy-validator", "plugin gpu is not running"} {
			if !strings.Contains(err.Error(), want) {
				t.Fatalf("CreateContainer failed without %q: %v", want, err)
			}
		}
		t.Logf("%v", err)
	})
}

// gracefulStop: the plugin gets SIGTERM while pods are being created; none of them fails.
func (s *Suite) gracefulStop(t *T, c *Containerd, r Release) {
	p := startPlugin(t, s, c, "e2e-adjuster", s.AdjusterJar)
	var mu sync.Mutex
	var created, adjusted int
	var failures []string
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				ok, adj, err := createOne(c)
				mu.Lock()
				if err != nil {
					failures = append(failures, err.Error())
				} else if ok {
					created++
					if adj {
						adjusted++
					}
				}
				mu.Unlock()
			}
		}()
	}
	count := func() int { mu.Lock(); defer mu.Unlock(); return created + len(failures) }
	awaitCount := func(n int) error {
		return poll(2*time.Minute, func() (bool, error) { return count() >= n, nil })
	}
	err := awaitCount(4)
	beforeStop := count()
	code, stopErr := p.Terminate(30 * time.Second)
	if err == nil {
		err = awaitCount(count() + 4)
	}
	close(stop)
	wg.Wait()

	t.Run("should stop within its shutdown timeout", func(t *T) {
		if stopErr != nil {
			t.Fatalf("%v", stopErr)
		}
		t.Logf("exit code %d after SIGTERM", code)
	})
	t.Run("should not fail any pod creation", func(t *T) {
		if err != nil {
			t.Fatalf("traffic stalled: %v (%d created)", err, count())
		}
		if len(failures) > 0 {
			t.Fatalf("%d of %d creations failed, first: %s", len(failures), count(), failures[0])
		}
		if adjusted == 0 {
			t.Fatalf("none of the %d containers created before SIGTERM was adjusted", beforeStop)
		}
		t.Logf("%d pods created, %d adjusted, SIGTERM after %d", created, adjusted, beforeStop)
	})
}

// createOne runs a pod with one created container, reports whether the plugin adjusted it,
// and removes the pod.
func createOne(c *Containerd) (ok, adjusted bool, err error) {
	pod, err := c.RunPod("traffic", map[string]string{prefix + "adjust": "traffic"})
	if err != nil {
		return false, false, fmt.Errorf("RunPodSandbox: %w", err)
	}
	defer pod.Remove()
	id, err := pod.CreateContainer("app", "/bin/sleep", "3600")
	if err != nil {
		return false, false, fmt.Errorf("CreateContainer: %w", err)
	}
	spec, err := c.Spec(id)
	if err != nil {
		return false, false, err
	}
	for _, e := range spec.Process.Env {
		adjusted = adjusted || e == "E2E_ADJUSTED=traffic"
	}
	return true, adjusted, nil
}

// startPlugin starts a Spring Boot plugin jar and waits until it is ready; it is stopped with
// the case.
func startPlugin(t *T, s *Suite, c *Containerd, name, jar string) *Plugin {
	p, err := s.Java.StartJar(name, jar, c.NRISocket)
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
func runPod(t *T, c *Containerd, name string, annotations map[string]string) (*Pod, string) {
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

func specOf(t *T, c *Containerd, id string) *specs.Spec {
	spec, err := c.Spec(id)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return spec
}

func execIn(t *T, c *Containerd, id string, command ...string) string {
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

// bundleRlimits is what the bundle runc was given says about rlimits, for failure messages.
func bundleRlimits(c *Containerd, id string) string {
	data, err := os.ReadFile(filepath.Join(c.Dir, "state", "io.containerd.runtime.v2.task", "k8s.io", id, "config.json"))
	if err != nil {
		return err.Error()
	}
	var spec specs.Spec
	if err := json.Unmarshal(data, &spec); err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%+v", spec.Process.Rlimits)
}

// limitOf reads the soft and hard values of one line of /proc/<pid>/limits.
func limitOf(limits, label string) [2]string {
	for _, line := range strings.Split(limits, "\n") {
		if strings.HasPrefix(line, label) {
			if f := strings.Fields(strings.TrimPrefix(line, label)); len(f) >= 2 {
				return [2]string{f[0], f[1]}
			}
		}
	}
	return [2]string{}
}
