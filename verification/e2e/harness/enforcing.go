package harness

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	cri "k8s.io/cri-api/pkg/apis/runtime/v1"
)

const (
	// catchUpLimit is the memory limit the e2e plugin's escape handler sends for an escaped
	// container, distinct from the adjustment's memoryLimit.
	catchUpLimit = 96 << 20
	// markerKey is the annotation nri4j's enforcement adds to every container the e2e plugin
	// answers (Enforcement.markerKey("e2e-adjuster")).
	markerKey = "handled.nri4j.io/e2e-adjuster"
)

// enforcing starts the e2e plugin with enforcement on, its ledger and the file of its ESCAPED
// lines in one directory of the case, so that every instance shares them.
type enforcing struct {
	s       *Suite
	c       Runtime
	dir     string
	ledger  string
	escapes string
}

func newEnforcing(t *T, s *Suite, c Runtime) *enforcing {
	dir := t.TempDir()
	return &enforcing{s: s, c: c, dir: dir, ledger: filepath.Join(dir, "ledger"), escapes: filepath.Join(dir, "escaped")}
}

// standby is an instance started ahead, while another runs: it dials a socket path that does
// not exist yet, and registers at its next attempt (within the 1 s reconnect backoff) once
// connect made that path the runtime's socket. Its JVM's start is then no part of the downtime.
type standby struct {
	*Plugin
	link string
}

func (e *enforcing) standby(mode string) (*standby, error) {
	dir, err := os.MkdirTemp(e.dir, "standby-")
	if err != nil {
		return nil, err
	}
	link := filepath.Join(dir, "nri.sock")
	p, err := e.startJar(link, mode)
	if err != nil {
		return nil, err
	}
	return &standby{Plugin: p, link: link}, nil
}

// connect lets the instance reach the runtime.
func (sb *standby) connect(socket string) error { return os.Symlink(socket, sb.link) }

// start starts an instance whose escape handler catches up as mode says (none, update, evict)
// and waits until its first Synchronize is answered; the instance is stopped with the case.
func (e *enforcing) start(t *T, mode string) *Plugin {
	p, err := e.launch(mode)
	if err == nil {
		t.Cleanup(func() {
			if _, err := p.Terminate(30 * time.Second); err != nil || t.Failed() {
				t.Logf("plugin %s output:\n%s", p.Name, p.Output(40))
			}
		})
		_, err = p.AwaitLines("synchronized pods", 1, pluginTimeout)
	}
	if err != nil {
		t.Fatalf("%v", err)
	}
	return p
}

// launch starts an instance without waiting for it; the caller stops it.
func (e *enforcing) launch(mode string) (*Plugin, error) {
	return e.startJar(e.c.NRIPath(), mode)
}

// startJar starts an instance that dials socket, as QuickStart prepared it if it did.
func (e *enforcing) startJar(socket, mode string) (*Plugin, error) {
	java, jar := e.s.QuickJava, e.s.QuickJar
	if jar == "" {
		java, jar = e.s.Java, e.s.AdjusterJar
	}
	return java.StartJar("e2e-adjuster", jar, socket,
		"--nri.enforcement.directory="+e.ledger, "--e2e.escapes.file="+e.escapes, "--e2e.escapes.catch-up="+mode,
		fmt.Sprintf("--e2e.escapes.memory-limit=%d", catchUpLimit),
		// Readiness over HTTP is not needed: the Synchronize line says it is registered.
		"--spring.main.web-application-type=none")
}

// reported reads the ESCAPED lines so far: each container's causes, in the order reported.
func (e *enforcing) reported() (map[string][]string, error) {
	data, err := os.ReadFile(e.escapes)
	if os.IsNotExist(err) {
		return map[string][]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	got := map[string][]string{}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 3 && f[0] == "ESCAPED" {
			got[f[1]] = append(got[f[1]], f[2])
		}
	}
	return got, nil
}

// line is the ESCAPED line of a container, for failure messages.
func (e *enforcing) line(id string) string {
	data, _ := os.ReadFile(e.escapes)
	for _, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, id) {
			return l
		}
	}
	return "none"
}

// ledgerHas is what the plugin's ledger holds of a container: "reported", "pre-existing" or
// "nothing".
func (e *enforcing) ledgerHas(id string) string {
	data, err := os.ReadFile(filepath.Join(e.ledger, "e2e-adjuster", "ledger"))
	if err != nil {
		return err.Error()
	}
	for _, line := range strings.Split(string(data), "\n") {
		switch line {
		case "r " + id:
			return "reported"
		case "p " + id:
			return "pre-existing"
		}
	}
	return "nothing"
}

// awaitQuiet waits until the ESCAPED lines have not changed for quiet, and returns them.
func (e *enforcing) awaitQuiet(quiet, timeout time.Duration) (map[string][]string, error) {
	var last map[string][]string
	lines, since := -1, time.Now()
	err := poll(timeout, func() (bool, error) {
		got, err := e.reported()
		if err != nil {
			return false, err
		}
		n := 0
		for _, causes := range got {
			n += len(causes)
		}
		if n != lines {
			lines, since, last = n, time.Now(), got
		}
		return time.Since(since) >= quiet, nil
	})
	return last, err
}

// containerState is the container's state as CRI ContainerStatus reports it.
func containerState(c Runtime, id string) (cri.ContainerState, error) {
	cr, ok := c.(interface{ criClient() *CRI })
	if !ok {
		return 0, fmt.Errorf("%s has no CRI client", c.Name())
	}
	cx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	rsp, err := cr.criClient().RT.ContainerStatus(cx, &cri.ContainerStatusRequest{ContainerId: id})
	if err != nil {
		return 0, err
	}
	return rsp.Status.State, nil
}

func (c *CRI) criClient() *CRI { return c }

// memoryLimitIn is the memory limit the container's cgroup enforces, read from inside it.
func memoryLimitIn(c Runtime, id string) (string, error) {
	out, err := c.Exec(id, "sh", "-c",
		"cat /sys/fs/cgroup/memory/memory.limit_in_bytes 2>/dev/null || cat /sys/fs/cgroup/memory.max")
	return strings.TrimSpace(out), err
}

// figure prints a scenario's summary line, also when the case passes, and keeps it in its log.
func figure(t *T, format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	fmt.Println(line)
	t.Logf("%s", line)
}
