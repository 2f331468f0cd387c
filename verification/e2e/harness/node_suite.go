package harness

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// HelmSuite installs, restarts under and upgrades the nri-plugin chart on a single-node
// Kubernetes whose runtime is a containerd of the harness.
type HelmSuite struct {
	Release     Release
	Debs        string
	PauseImage  string // OCI archives
	TestImage   string
	PluginImage string // the plugin's OCI archive (verification/oci-image/)
	ImageRef    string // the name it imports as, e.g. docker.io/nri4j/spring-hello:0.1.0
	Chart       string
	Helm        string
	KubeBin     string
	Etcd        string
	Prometheus  string         // the prometheus binary (the prometheus group)
	Queries     string         // the dashboard's queries, verification/chart-tests/dashboard-queries.txt
	QuickStart  *QuickStartRun // the quickstart's steps outside the node (nil: not run)
	Groups      string         // a regular expression choosing groups; empty: all
}

// Wants reports whether the group name is chosen by Groups.
func (s *HelmSuite) Wants(name string) bool {
	ok, err := regexp.MatchString(s.Groups, name)
	return err == nil && ok
}

const (
	helmRelease  = "hello"
	pluginName   = "60-spring-hello" // the chart's default plugin.index and plugin.name
	pluginPort   = 8081              // management.port
	podSelector  = "app.kubernetes.io/instance=" + helmRelease
	nodeTimeout  = 3 * time.Minute
	helmTimeout  = "5m"
	readyTimeout = 5 * time.Minute // a JVM starting on a loaded 2-core machine, probes every 5 s
)

// GroupNames lists the groups of cases, for reporting them skipped.
func (s *HelmSuite) GroupNames() []string {
	return []string{"quickstart", "install", "adjust", "containerd-restart", "prometheus", "upgrade", "evict", "fail-closed"}
}

// nodeRun is what the cases share.
type nodeRun struct {
	s      *HelmSuite
	n      *Node
	helm   Helm
	watch  *podWatch
	repo   string
	tag    string
	ledger string // the enforcement ledger's host path
}

// Run starts containerd and the node, runs the cases and stops everything, also on failure.
func (s *HelmSuite) Run(root *T) {
	root.Run("containerd-"+s.Release.Version, func(t *T) {
		dir := t.TempDir()
		c, err := NewContainerd(s.Release.Version, s.Release.BinDir, s.Debs, filepath.Join(dir, "containerd"),
			fmt.Sprintf("/nri4j-node-%d", os.Getpid()))
		if err != nil {
			t.Fatalf("%v", err)
		}
		s.quickStartNode(t, c, dir)
		n, err := NewNode(filepath.Join(dir, "node"), c, s.KubeBin, s.Etcd)
		if err != nil {
			t.Fatalf("%v", err)
		}
		r := &nodeRun{s: s, n: n, helm: Helm{Binary: s.Helm, Home: filepath.Join(dir, "helm"), Node: n},
			ledger: filepath.Join(dir, "ledger")}
		t.Cleanup(func() {
			if r.watch != nil {
				r.watch.stop()
			}
			if t.Failed() {
				t.Logf("node logs:\n%s", n.Logs(25))
				r.logPlugins(t)
			}
			n.Stop()
		})
		if err := c.Start(startTimeout); err != nil {
			t.Fatalf("%v", err)
		}
		images := []string{s.PauseImage, s.TestImage}
		if s.PluginImage != "" {
			images = append(images, s.PluginImage)
		}
		for _, image := range images {
			if err := c.Import(image); err != nil {
				t.Fatalf("%v", err)
			}
		}
		i := strings.LastIndex(s.ImageRef, ":")
		r.repo, r.tag = s.ImageRef[:i], s.ImageRef[i+1:]
		// The upgrade rolls to the same image under another tag, as a new release would.
		if s.PluginImage != "" {
			if err := c.Tag(s.ImageRef, s.ImageRef+"-next"); err != nil {
				t.Fatalf("%v", err)
			}
		}
		start := time.Now()
		if err := n.Start(nodeTimeout); err != nil {
			t.Fatalf("%v", err)
		}
		fmt.Printf("helm-e2e: node %s Ready in %s (Kubernetes %s, containerd %s)\n", NodeName,
			time.Since(start).Round(100*time.Millisecond), filepath.Base(filepath.Dir(s.KubeBin)), s.Release.Version)
		if err := poll(time.Minute, func() (bool, error) {
			_, err := n.Kubectl("get", "serviceaccount", "default", "-n", "default")
			return err == nil, nil
		}); err != nil {
			t.Fatalf("no default service account: %v", err)
		}
		if r.watch, err = n.watchPods("default", podSelector, "plugin", pluginName); err != nil {
			t.Fatalf("%v", err)
		}
		// First, and uninstalled at its end: the other groups see no other plugin.
		if s.Wants("quickstart") {
			t.Run("quickstart", r.quickstart)
		}
		// The others run on the chart install installs.
		groups := []struct {
			name string
			run  func(*T)
		}{{"adjust", r.adjust}, {"containerd-restart", r.restart}, {"prometheus", r.prometheus},
			{"upgrade", r.upgrade},
			// Before fail-closed: its validator would refuse the pod created while the plugin is down.
			{"evict", r.evict}, {"fail-closed", r.failClosed}}
		chosen := groups[:0]
		for _, g := range groups {
			if s.Wants(g.name) {
				chosen = append(chosen, g)
			}
		}
		if len(chosen) == 0 && !s.Wants("install") {
			return
		}
		if !t.Run("install", r.install) {
			t.Fatalf("the chart is not installed: the other cases cannot run")
		}
		for _, g := range chosen {
			t.Run(g.name, g.run)
		}
	})
}

func (r *nodeRun) logPlugins(t *T) {
	if r.watch == nil {
		return
	}
	for _, p := range r.watch.snapshot() {
		lines := containerLog("default", p.Name, p.UID, "plugin")
		var text []string
		for _, l := range lines {
			text = append(text, l.At.Format("15:04:05.000")+" "+l.Text)
		}
		t.Logf("plugin pod %s log:\n%s", p.Name, tail(strings.Join(text, "\n"), 30))
	}
}

// values are the chart values of every install and upgrade: the imported image, never pulled,
// and the enforcement ledger under the run's directory rather than the host's /var/lib.
func (r *nodeRun) values(tag string) []string {
	return []string{"--set", "image.repository=" + r.repo, "--set", "image.tag=" + tag,
		"--set", "image.pullPolicy=Never", "--set", "enforcement.hostPath=" + r.ledger,
		"--wait", "--timeout", helmTimeout}
}

// plugin is the one plugin pod that exists, once the watch has seen it Ready.
func (r *nodeRun) plugin(t *T) podHistory {
	var live []podHistory
	_, err := r.watch.await(30*time.Second, "one Ready plugin pod", func(pods []podHistory) bool {
		live = nil
		for _, p := range pods {
			if p.Deleted.IsZero() {
				live = append(live, p)
			}
		}
		return len(live) == 1 && live[0].ready
	})
	if err != nil {
		t.Fatalf("%v", err)
	}
	return live[0]
}

func (r *nodeRun) pod(t *T, name string) *kubePod {
	var p kubePod
	if err := r.n.KubectlJSON(&p, "get", "pod", "-n", "default", name); err != nil {
		t.Fatalf("%v", err)
	}
	return &p
}

func (r *nodeRun) install(t *T) {
	t.Run("should return from helm install --wait with the plugin pod Ready", func(t *T) {
		start := time.Now()
		args := append([]string{"install", helmRelease, r.s.Chart}, r.values(r.tag)...)
		if _, err := r.helm.Run(args...); err != nil {
			t.Fatalf("%v", err)
		}
		p := r.pod(t, r.plugin(t).Name)
		if ready, _ := p.ready(); !ready {
			t.Fatalf("helm returned with pod %s not Ready", p.Metadata.Name)
		}
		fmt.Printf("helm-e2e: helm install --wait returned in %s\n", time.Since(start).Round(100*time.Millisecond))
	})
	t.Run("should report the pod Ready only after the plugin registered and synchronized", func(t *T) {
		p := r.plugin(t)
		if err := checkReadyAfterSync(p); err != nil {
			t.Fatalf("%v", err)
		}
		t.Logf("synchronized at %s, Ready at %s", p.Ready[0].Synced[0].At.Format(time.RFC3339Nano),
			p.Ready[0].Transition.Format(time.RFC3339))
	})
}

func (r *nodeRun) adjust(t *T) {
	t.Run("should adjust the container of a pod created on the node", func(t *T) {
		pod, err := r.n.RunWorkload("greeted", readyTimeout)
		if err != nil {
			t.Fatalf("%v", err)
		}
		if err := r.n.checkGreeted(pod, "greeted"); err != nil {
			t.Fatalf("%v", err)
		}
		env, err := r.n.C.Exec(pod.containerID(), "env")
		if err != nil {
			t.Fatalf("%v", err)
		}
		requireContains(t, env, "GREETING=greeted")
	})
}

func (r *nodeRun) restart(t *T) {
	before := r.plugin(t)
	pod := r.pod(t, before.Name)
	restarts, id := pod.Status.ContainerStatuses[0].RestartCount, pod.containerID()
	syncs := len(before.Ready[len(before.Ready)-1].Synced)
	r.n.C.Stop(stopTimeout)
	t.Run("should report the plugin pod not Ready while containerd is away", func(t *T) {
		pods, err := r.watch.await(readyTimeout, "pod Ready=False", func(pods []podHistory) bool {
			for _, p := range pods {
				if p.UID == before.UID {
					return len(p.Unready) > len(before.Unready)
				}
			}
			return false
		})
		if err != nil {
			t.Fatalf("%v", err)
		}
		t.Logf("plugin readiness: %s; pods: %s", readiness(before.IP, pluginPort), describe(pods))
	})
	if err := r.n.C.Start(startTimeout); err != nil {
		t.Fatalf("%v", err)
	}
	t.Run("should report it Ready again only after the plugin synchronized again", func(t *T) {
		pods, err := r.watch.await(readyTimeout, "pod Ready again", func(pods []podHistory) bool {
			for _, p := range pods {
				if p.UID == before.UID {
					return len(p.Ready) > len(before.Ready)
				}
			}
			return false
		})
		if err != nil {
			t.Fatalf("%v", err)
		}
		for _, p := range pods {
			if p.UID == before.UID {
				if err := checkReadyAfterSync(p); err != nil {
					t.Fatalf("%v", err)
				}
				last := p.Ready[len(p.Ready)-1]
				if len(last.Synced) <= syncs {
					t.Fatalf("Ready again without a new synchronization")
				}
				// The plugin's pod and the workload pod outlived the restart: Synchronize lists both.
				s := last.Synced[len(last.Synced)-1].Text
				pods := 0
				fmt.Sscanf(s[strings.Index(s, "synchronized:")+len("synchronized:"):], "%d pods", &pods)
				if pods < 2 {
					t.Fatalf("synchronized without the pods that outlived the restart: %s", s)
				}
				t.Logf("%s", s)
			}
		}
	})
	t.Run("should keep the plugin's container: no restart", func(t *T) {
		after := r.pod(t, before.Name)
		if got := after.Status.ContainerStatuses[0].RestartCount; got != restarts || after.containerID() != id {
			t.Fatalf("restartCount %d (was %d), container %s (was %s)", got, restarts, after.containerID(), id)
		}
	})
	t.Run("should adjust a pod created after the restart", func(t *T) {
		if err := r.n.AwaitNodeReady(readyTimeout); err != nil {
			t.Fatalf("%v", err)
		}
		pod, err := r.n.RunWorkload("after-restart", readyTimeout)
		if err != nil {
			t.Fatalf("%v", err)
		}
		if err := r.n.checkGreeted(pod, "after-restart"); err != nil {
			t.Fatalf("%v", err)
		}
	})
}
