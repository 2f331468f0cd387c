package harness

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	specs "github.com/opencontainers/runtime-spec/specs-go"
)

const (
	prefix      = "e2e.nri4j.io/"
	memoryLimit = 64 << 20
)

// external: the e2e Spring plugin, started as a DaemonSet starts it, makes one change of each
// kind; the OCI spec holds it and the running container obeys it.
func (s *Suite) external(t *T, c Runtime, r Release) {
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
		got, err := memoryLimitIn(c, id)
		if err != nil {
			t.Fatalf("exec: %v", err)
		}
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

// bundleRlimits is what the bundle runc was given says about rlimits, for failure messages.
func bundleRlimits(c Runtime, id string) string {
	data, err := os.ReadFile(c.BundleConfig(id))
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
