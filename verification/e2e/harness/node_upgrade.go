package harness

import (
	"bytes"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Tag gives an image of the k8s.io namespace another name.
func (c *Containerd) Tag(source, target string) error {
	out, err := exec.Command(filepath.Join(c.BinDir, "ctr"), "--address", c.Socket, "-n", "k8s.io",
		"images", "tag", source, target).CombinedOutput()
	if err != nil {
		return fmt.Errorf("ctr images tag %s %s: %v: %s", source, target, err, bytes.TrimSpace(out))
	}
	return nil
}

// creation is one workload pod of the stream.
type creation struct {
	name    string
	created time.Time // its container, by the runtime
	err     error
}

// stream creates workload pods one after another on each of its clients until stopped; each
// pod is checked (created without failure, adjusted) and deleted.
type stream struct {
	n    *Node
	mu   sync.Mutex
	done []creation
	stop chan struct{}
	wg   sync.WaitGroup
}

func (n *Node) startStream(clients int) *stream {
	s := &stream{n: n, stop: make(chan struct{})}
	for c := 0; c < clients; c++ {
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			for i := 0; ; i++ {
				select {
				case <-s.stop:
					return
				default:
				}
				s.one(fmt.Sprintf("stream-%d-%d", c, i))
			}
		}()
	}
	return s
}

func (s *stream) one(name string) {
	res := creation{name: name}
	pod, err := s.n.RunWorkload(name, readyTimeout)
	if err == nil {
		err = s.n.checkGreeted(pod, name)
	}
	if err == nil {
		res.created, err = s.n.containerCreated(pod.containerID())
	}
	res.err = err
	s.n.Kubectl("delete", "pod", "-n", "default", name, "--wait=false")
	s.mu.Lock()
	s.done = append(s.done, res)
	s.mu.Unlock()
}

func (s *stream) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.done)
}

func (s *stream) finish() []creation {
	close(s.stop)
	s.wg.Wait()
	return s.done
}

// overlapSeconds is the chart's minReadySeconds in the upgrade: the old pod stays that long
// after the new one is Ready, so that the stream's pods fall into the time both instances run
// (without it, about 2 s on a slow machine, and a client's pod takes about as long).
const overlapSeconds = 10

// upgrade: helm upgrade to another image tag rolls the DaemonSet, the new pod beside the old
// (maxSurge 1, maxUnavailable 0, minReadySeconds overlapSeconds), while two clients create pods
// on the node.
func (r *nodeRun) upgrade(t *T) {
	old := r.plugin(t)
	st := r.n.startStream(2)
	var creations []creation
	stopped := false
	finish := func() {
		if !stopped {
			stopped = true
			creations = st.finish()
		}
	}
	t.Cleanup(finish)
	if err := poll(readyTimeout, func() (bool, error) { return st.count() >= 2, nil }); err != nil {
		t.Fatalf("the stream of pods did not get going: %v", err)
	}
	// The old pod is available (Ready for minReadySeconds) before the upgrade begins. If it is
	// not, Kubernetes' DaemonSet controller (1.34) queues a re-check of the DaemonSet for when it
	// will be, and the re-check it queues when the new pod turns Ready is merged into that
	// earlier one (its work queue keeps one time per key, the earliest), which comes before the
	// new pod is available. Nothing else wakes the controller on a single node: the rollout
	// waits with both pods Ready until helm gives up (docs/upgrades.md, "A rollout that waits").
	readySince := old.Ready[len(old.Ready)-1].Transition
	if err := poll(readyTimeout, func() (bool, error) {
		return time.Since(readySince) > (overlapSeconds+1)*time.Second, nil
	}); err != nil {
		t.Fatalf("the old pod %s is not available (Ready since %s): %v", old.Name, readySince.Format(time.RFC3339), err)
	}
	var fresh podHistory
	t.Run("should roll the DaemonSet with the new pod Ready before the old one goes (maxSurge 1)", func(t *T) {
		start := time.Now()
		args := append([]string{"upgrade", helmRelease, r.s.Chart,
			"--set", "updateStrategy.rollingUpdate.maxSurge=1", "--set", "updateStrategy.rollingUpdate.maxUnavailable=0",
			"--set", fmt.Sprintf("minReadySeconds=%d", overlapSeconds)},
			r.values(r.tag+"-next")...)
		if _, err := r.helm.Run(args...); err != nil {
			t.Fatalf("%v\n%s", err, r.rolloutState())
		}
		pods, err := r.watch.await(readyTimeout, "the old pod deleted", func(pods []podHistory) bool {
			for _, p := range pods {
				if p.UID == old.UID {
					return !p.Deleted.IsZero()
				}
			}
			return false
		})
		if err != nil {
			t.Fatalf("%v\n%s", err, r.rolloutState())
		}
		fresh = r.plugin(t)
		fmt.Printf("helm-e2e: helm upgrade --wait and the old pod's end in %s\n", time.Since(start).Round(100*time.Millisecond))
		p := r.pod(t, fresh.Name)
		if got, want := p.Spec.Containers[0].Image, r.repo+":"+r.tag+"-next"; got != want {
			t.Fatalf("new pod %s runs %s, want %s", fresh.Name, got, want)
		}
		var oldEnd time.Time
		for _, p := range pods {
			if p.UID == old.UID {
				oldEnd = p.Deleted
			}
		}
		if len(fresh.Ready) == 0 || !fresh.Ready[0].Seen.Before(oldEnd) {
			t.Fatalf("the new pod was not Ready before the old one was gone: %s", describe(pods))
		}
		t.Logf("new pod Ready %s before the old one was gone", oldEnd.Sub(fresh.Ready[0].Seen).Round(time.Millisecond))
		// The condition's time is whole seconds, rounded down, as the controller reads it.
		if kept := oldEnd.Sub(fresh.Ready[0].Transition); kept < overlapSeconds*time.Second {
			t.Fatalf("the old pod was gone %s after the new one turned Ready, before minReadySeconds %d", kept, overlapSeconds)
		}
	})
	t.Run("should report the new pod Ready only after its plugin registered and synchronized", func(t *T) {
		if fresh.UID == "" {
			t.Fatalf("no new pod")
		}
		if err := checkReadyAfterSync(fresh); err != nil {
			t.Fatalf("%v", err)
		}
	})
	// Two more pods after the old instance is gone: the stream spans the whole rollout.
	target := st.count() + 2
	poll(readyTimeout, func() (bool, error) { return st.count() >= target, nil })
	finish()
	// Both instances ran from the new one's registration to the old one's end.
	var from, to time.Time
	if len(fresh.Ready) > 0 && len(fresh.Ready[0].Registered) > 0 {
		from = fresh.Ready[0].Registered[0].At
	}
	for _, p := range r.watch.snapshot() {
		if p.UID == old.UID {
			to = p.Deleted
		}
	}
	t.Run("should create every pod of the stream without a failure", func(t *T) {
		failed := 0
		for _, c := range creations {
			if c.err != nil {
				failed++
				t.Errorf("%v", c.err)
			}
		}
		fmt.Printf("helm-e2e: %d pods created during the rollout, %d failed\n", len(creations), failed)
	})
	t.Run("should have adjusted pods created while both instances ran", func(t *T) {
		overlap := 0
		for _, c := range creations {
			if c.err == nil && !from.IsZero() && c.created.After(from) && c.created.Before(to) {
				overlap++
			}
		}
		t.Logf("%d of %d pods created while both instances ran (%s)", overlap, len(creations), to.Sub(from).Round(time.Millisecond))
		if overlap == 0 {
			t.Fatalf("no pod was created while both instances ran (%s to %s)", from.Format(time.RFC3339Nano), to.Format(time.RFC3339Nano))
		}
	})
}

// rolloutState is what an operator looks at when a rollout hangs: the DaemonSet's counts, the
// plugin's pods, a description of each one not Ready (its container's state, probes and
// events), the namespace's Warning events, and the pods as the watch saw them. The pods' logs
// follow at the suite's end.
func (r *nodeRun) rolloutState() string {
	watched := r.watch.snapshot()
	commands := [][]string{
		{"get", "daemonset", "-n", "default", "-o", "wide"},
		{"get", "pods", "-n", "default", "-l", podSelector, "-o", "wide"},
	}
	for _, p := range watched {
		if p.Deleted.IsZero() && !p.ready {
			commands = append(commands, []string{"describe", "pod", "-n", "default", p.Name})
		}
	}
	commands = append(commands, []string{"get", "events", "-n", "default", "--field-selector", "type=Warning",
		"--sort-by=.lastTimestamp"})
	var b strings.Builder
	for _, args := range commands {
		out, err := r.n.Kubectl(args...)
		fmt.Fprintf(&b, "$ kubectl %s\n%s", strings.Join(args, " "), out)
		if err != nil {
			fmt.Fprintf(&b, "%v\n", err)
		}
	}
	fmt.Fprintf(&b, "watched: %s", describe(watched))
	return b.String()
}
