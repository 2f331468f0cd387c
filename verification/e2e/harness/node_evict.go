package harness

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

const (
	evictedPod = "evicted"
	// helloMarker is the annotation enforcement puts on every container spring-hello created.
	helloMarker = "handled.nri4j.io/" + requiredPlugin
)

// evict: a pod created while the plugin is down escapes it; the plugin, installed with
// enforcement.evict=true and spring-hello's hello.escaped=evict, stops its container, and the
// kubelet creates it again, through the plugin.
func (r *nodeRun) evict(t *T) {
	var (
		before            *kubePod
		escaped, stopped  int
		restarts, greeted int
	)
	t.Run("should take the plugin away: helm uninstall", r.uninstall)
	t.Run("should run a pod created while the plugin is down, without its adjustment", func(t *T) {
		var err error
		if before, err = r.n.RunWorkload(evictedPod, readyTimeout); err != nil {
			t.Fatalf("%v", err)
		}
		spec, err := r.n.C.Spec(before.containerID())
		if err != nil {
			t.Fatalf("%v", err)
		}
		if _, ok := spec.Annotations[helloMarker]; ok || contains(spec.Process.Env, "GREETING="+evictedPod) {
			t.Fatalf("created while the plugin was down, yet adjusted: %v %v", spec.Annotations, spec.Process.Env)
		}
		t.Logf("container %s, %s", before.containerID(), processCgroup(before.containerID()))
	})
	if before == nil {
		t.Fatalf("no pod to evict")
	}
	t.Run("should install the chart with enforcement.evict=true and hello.escaped=evict", func(t *T) {
		args := append([]string{"install", helmRelease, r.s.Chart, "--set", "enforcement.evict=true",
			"--set-string", "config.hello.escaped=evict"}, r.values(r.tag)...)
		if _, err := r.helm.Run(args...); err != nil {
			t.Fatalf("%v", err)
		}
		r.plugin(t)
	})
	t.Run("should report the pod's container escaped and stop it", func(t *T) {
		p := r.plugin(t)
		what := "default/" + evictedPod + "/app (" + before.containerID() + ")"
		err := pollEvery(time.Second, readyTimeout, func() (bool, error) {
			lines := containerLog("default", p.Name, p.UID, "plugin")
			if failed := linesWith(lines, "cannot stop escaped container "+what); len(failed) > 0 {
				return false, fmt.Errorf("%s; %s", failed[0].Text, processCgroup(before.containerID()))
			}
			escaped = len(linesWith(linesWith(lines, what+" was created without plugin"), "(downtime)"))
			stopped = len(linesWith(lines, "stopped escaped container "+what))
			return escaped > 0 && stopped > 0, nil
		})
		if err != nil {
			t.Fatalf("%v (escaped: %d, stopped: %d)", err, escaped, stopped)
		}
		for _, l := range linesWith(containerLog("default", p.Name, p.UID, "plugin"), "escaped container") {
			t.Logf("%s", l.Text)
		}
	})
	t.Run("should have the kubelet start the container again: restartCount ≥ 1, another container", func(t *T) {
		var pod *kubePod
		err := pollEvery(time.Second, readyTimeout, func() (bool, error) {
			pod = r.pod(t, evictedPod)
			c := pod.Status.ContainerStatuses
			return len(c) > 0 && c[0].RestartCount >= 1 && c[0].State.Running != nil &&
				pod.containerID() != before.containerID(), nil
		})
		if err != nil {
			t.Fatalf("pod %s: %v", evictedPod, err)
		}
		restarts = pod.Status.ContainerStatuses[0].RestartCount
		t.Logf("container %s (was %s), restartCount %d", pod.containerID(), before.containerID(), restarts)
		if err := r.n.checkGreeted(pod, evictedPod); err != nil {
			t.Fatalf("restarted without the plugin's adjustment: %v", err)
		}
		spec, err := r.n.C.Spec(pod.containerID())
		if err != nil {
			t.Fatalf("%v", err)
		}
		if spec.Annotations[helloMarker] == "" {
			t.Fatalf("restarted without the marker %s: %v", helloMarker, spec.Annotations)
		}
		greeted = 1
	})
	t.Run("should leave the plugin's own container running", func(t *T) {
		p := r.pod(t, r.plugin(t).Name)
		if got := p.Status.ContainerStatuses[0].RestartCount; got != 0 {
			t.Fatalf("plugin pod %s restarted %d times", p.Metadata.Name, got)
		}
		fmt.Printf("evict: escaped while down: %d, stopped by the plugin: %d, restarted by the kubelet: %d"+
			" (restartCount %d), adjusted after restart: %d\n", escaped, stopped, min(restarts, 1), restarts, greeted)
	})
}

// uninstall takes the plugin away and waits until its pod is gone.
func (r *nodeRun) uninstall(t *T) {
	if _, err := r.helm.Run("uninstall", helmRelease, "--wait", "--timeout", helmTimeout); err != nil {
		t.Fatalf("%v", err)
	}
	if _, err := r.watch.await(readyTimeout, "no plugin pod", func(pods []podHistory) bool {
		for _, p := range pods {
			if p.Deleted.IsZero() {
				return false
			}
		}
		return true
	}); err != nil {
		t.Fatalf("%v", err)
	}
}

// processCgroup is /proc/<pid>/cgroup of the processes whose cgroup names the container, as
// the plugin's eviction reads it.
func processCgroup(id string) string {
	files, _ := filepath.Glob("/proc/[0-9]*/cgroup")
	var found []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err == nil && strings.Contains(string(data), id) {
			found = append(found, filepath.Base(filepath.Dir(f))+": "+strings.TrimSpace(string(data)))
		}
	}
	if len(found) == 0 {
		return "no process in /proc names it in its cgroup"
	}
	return "/proc/<pid>/cgroup: " + strings.Join(found, "; ")
}
