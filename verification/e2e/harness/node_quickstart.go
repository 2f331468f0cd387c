package harness

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

const quickRelease = "quickstart"

// quickStartNode makes the registry of the steps outside reachable in the node's network
// namespace at the same localhost:<port> (a forwarder to its Unix socket), and tells the
// node's containerd to pull from it over plain HTTP (a hosts.toml under its config_path). Call
// it before containerd's configuration is written and before the node takes ports.
func (s *HelmSuite) quickStartNode(t *T, c *Containerd, dir string) {
	q := s.QuickStart
	if q == nil || q.Skip != "" || q.Failed != "" {
		return
	}
	fwd, err := ForwardTCPToUnix(fmt.Sprintf("127.0.0.1:%d", q.Port), q.Socket)
	if err != nil {
		q.Failed = "set-up: the registry's forwarder in the node: " + err.Error()
		return
	}
	t.Cleanup(fwd.Close)
	c.RegistryConfig = filepath.Join(dir, "certs.d")
	host := fmt.Sprintf("localhost:%d", q.Port)
	if err := writeFile(filepath.Join(c.RegistryConfig, host, "hosts.toml"), fmt.Sprintf(
		"server = %[1]q\n\n[host.%[1]q]\n  capabilities = [\"pull\", \"resolve\"]\n", "http://"+host)); err != nil {
		q.Failed = "set-up: " + err.Error()
	}
}

// quickstart installs the chart from the registry with the image Jib pushed there, waits for
// the plugin, checks that it adjusts a new pod, prints the one line with the time of every
// step, in and outside the node, and uninstalls the release.
func (r *nodeRun) quickstart(t *T) {
	q := r.s.QuickStart
	switch {
	case q == nil:
		t.Skipf("no quickstart inputs")
	case q.Skip != "":
		t.Skipf("%s", q.Skip)
	case q.Failed != "":
		t.Logf("%s", q.Detail)
		t.Fatalf("%s", q.Failed)
	}
	steps := append([]QuickStep(nil), q.Steps...)
	p := q.Project
	plugin := p.PluginIndex + "-" + p.PluginName
	watch, err := r.n.watchPods("default", "app.kubernetes.io/instance="+quickRelease, "plugin", plugin)
	if err != nil {
		t.Fatalf("%v", err)
	}
	t.Cleanup(watch.stop)
	t.Cleanup(func() {
		if _, err := r.helm.Run("uninstall", quickRelease, "--wait", "--timeout", helmTimeout); err != nil {
			t.Errorf("%v", err)
			return
		}
		// Gone, so that it adjusts none of the other groups' pods.
		if _, err := watch.await(readyTimeout, "the quickstart plugin's pod deleted", func(pods []podHistory) bool {
			for _, p := range pods {
				if p.Deleted.IsZero() {
					return false
				}
			}
			return true
		}); err != nil {
			t.Errorf("%v", err)
		}
	})
	step := func(name string, f func() error) {
		start := time.Now()
		if err := f(); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		steps = append(steps, QuickStep{name, time.Since(start)})
	}
	step("helm install", func() error {
		_, err := r.helm.Run("install", quickRelease, q.Chart, "--version", q.Version, "--plain-http", "-f", q.Values,
			"--set", "image.repository="+q.Image, "--set-string", "image.tag="+q.Tag,
			"--set", "enforcement.hostPath="+r.ledger+"-"+quickRelease, "--wait", "--timeout", helmTimeout)
		return err
	})
	step("Ready", func() error {
		pods, err := watch.await(30*time.Second, "one Ready plugin pod", func(pods []podHistory) bool {
			return len(pods) == 1 && pods[0].ready
		})
		if err != nil {
			return err
		}
		return checkReadyAfterSync(pods[0])
	})
	step("adjusted", func() error {
		pod, err := r.n.RunWorkload("quickstart-app", readyTimeout)
		if err != nil {
			return err
		}
		defer r.n.Kubectl("delete", "pod", "-n", "default", "quickstart-app", "--wait=false")
		return r.n.checkAdjustedBy(pod, p.PluginName)
	})
	var total time.Duration
	var names []string
	for _, s := range steps {
		total += s.Took
		names = append(names, s.Name)
		t.Logf("%-12s %s", s.Name, s.Took.Round(100*time.Millisecond))
	}
	fmt.Printf("quickstart: %s in %.0f s\n", strings.Join(names, " → "), total.Seconds())
}

// checkAdjustedBy verifies that the generated plugin marked the pod's container: its name in
// the OCI spec's env and annotations.
func (n *Node) checkAdjustedBy(pod *kubePod, name string) error {
	spec, err := n.C.Spec(pod.containerID())
	if err != nil {
		return err
	}
	found := false
	for _, e := range spec.Process.Env {
		found = found || e == "ADJUSTED_BY="+name
	}
	if !found {
		return fmt.Errorf("pod %s: no ADJUSTED_BY=%s in the container's env %v", pod.Metadata.Name, name, spec.Process.Env)
	}
	if got := spec.Annotations["nri.example.com/adjusted-by"]; got != name {
		return fmt.Errorf("pod %s: annotation nri.example.com/adjusted-by %q, want %q", pod.Metadata.Name, got, name)
	}
	return nil
}

func writeFile(file, text string) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	return os.WriteFile(file, []byte(text), 0o644)
}
