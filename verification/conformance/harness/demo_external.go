package harness

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/containerd/nri/pkg/api"
)

// External is a Spring Boot sample run the way a DaemonSet runs one: java -jar, dialing the
// runtime's socket, which the runtime does not launch.
type External struct {
	FullName string   // <index>-<name>, as it registers, e.g. 40-logger
	Jar      string   // the executable jar
	Args     []string // more arguments, after --nri.socket-path
}

// RunExternal starts a runtime that launches s, connects e to it, then lets the demo's pod live
// through its lifecycle. After each step of the runtime it tells out the lines e printed for
// that event, so that what e logged reads next to what the runtime did.
func (h *Harness) RunExternal(t *T, s Sample, e External, out io.Writer) {
	// A pod that runs already, for Synchronize to tell the plugin of.
	running := &api.PodSandbox{Id: "pod-dns", Name: "coredns", Uid: "dns-uid", Namespace: "kube-system"}
	dns := &api.Container{Id: "ctr-dns", PodSandboxId: running.Id, Name: "coredns",
		State: api.ContainerState_CONTAINER_RUNNING}
	rt := NewRuntime(t, RuntimeOptions{Pods: []*api.PodSandbox{running}, Containers: []*api.Container{dns},
		BeforeStart: func(rt *Runtime) {
			installPlugin(t, rt, s.FullName, h.Java.command(s.Classpath, s.MainClass))
			fmt.Fprintf(out, "runtime: NRI runtime library %s, as %s %s, socket %s\n",
				NRIVersion(), rt.opts.Name, rt.opts.Version, rt.Socket)
		}})
	fmt.Fprintf(out, "plugin %s: launched, registered, configured, synchronized\n", s.FullName)

	args := append([]string{h.Java.Binary}, h.Java.JVMArgs...)
	// Instances coordinate in a directory of the demo's, not the host's /var/run/nri4j.
	instances := "--nri.instances.directory=" + t.TempDir()
	args = append(args, "-jar", e.Jar, "--nri.socket-path="+rt.Socket, instances)
	cmd := exec.Command(args[0], append(args[1:], e.Args...)...)
	stderr := &lockedBuffer{}
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatalf("plugin %s: %v", e.FullName, err)
	}
	fmt.Fprintf(out, "plugin %s: java -jar %s --nri.socket-path=%s %s\n", e.FullName, filepath.Base(e.Jar), rt.Socket, instances)
	if err := cmd.Start(); err != nil {
		t.Fatalf("plugin %s: cannot start %s: %v", e.FullName, cmd.Path, err)
	}
	lines := make(chan string, 256)
	go func() {
		scanner := bufio.NewScanner(stdout)
		for scanner.Scan() {
			lines <- scanner.Text()
		}
		close(lines)
	}()
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		stop(cmd, done)
		if t.Failed() {
			t.Logf("plugin %s stderr:\n%s", e.FullName, tail(stderr.String(), 60))
		}
	})

	tell := func(timeout time.Duration, events ...string) {
		for _, event := range events {
			awaitLine(t, lines, timeout, e.FullName, event+":", out)
		}
	}
	rt.AwaitSynced(t, 60*time.Second)
	tell(10*time.Second, "Configure", "Synchronize")
	fmt.Fprintf(out, "plugin %s: connected, registered, configured, synchronized\n", e.FullName)
	liveThrough(t, rt, out, func(event string) {
		if event == "CreateContainer" {
			tell(10*time.Second, event, "ValidateContainerAdjustment")
		} else {
			tell(10*time.Second, event)
		}
	})
	stop(cmd, done)
	fmt.Fprintf(out, "plugin %s: stopped\n", e.FullName)
}

// awaitLine tells out the plugin's lines up to the first that starts with prefix.
func awaitLine(t *T, lines <-chan string, timeout time.Duration, plugin, prefix string, out io.Writer) {
	deadline := time.After(timeout)
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				t.Fatalf("plugin %s ended before printing %q", plugin, prefix)
			}
			fmt.Fprintf(out, "  %s | %s\n", plugin, line)
			if strings.HasPrefix(line, prefix) {
				return
			}
		case <-deadline:
			t.Fatalf("plugin %s printed no line %q within %s", plugin, prefix, timeout)
		}
	}
}

// stop ends the plugin as a node would, with SIGTERM, and kills it if it lingers.
func stop(cmd *exec.Cmd, done <-chan struct{}) {
	select {
	case <-done:
		return
	default:
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
}
