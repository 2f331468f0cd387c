package harness

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/stretchr/testify/require"
)

// RolloutEnabled is false for the older runtime libraries in cmd/all.
var RolloutEnabled = true

// Rollout replacements per case, and the pace of container creations meanwhile.
const (
	rolloutReplacements = 20
	rolloutRate         = 60 // creations per second asked for; each is RunPodSandbox, CreateContainer, StartContainer
	rolloutAnnotation   = "rollout.nri4j.io/instance"
)

// rollout replaces plugin instances as a DaemonSet's rolling update with maxSurge 1 does (a new
// instance, ready, then SIGTERM to the old one) while containers are created without pause:
// every request must be handled by exactly one instance, none failed, none left unadjusted.
func (h *Harness) rollout(t *T) {
	if !RolloutEnabled {
		t.Skipf("-rollout=false: cmd/all replaces instances with the newest runtime library only")
	}
	chart, err := ChartJVMOptions(ChartValues)
	require.NoError(t, err)
	// Instances start as the chart's do: its JVM options and a class-data archive (the image's
	// is trained at build time; this one once for both cases). Every claim decision, with its
	// time, goes into the plugins' output that a failure prints.
	jvm := append(slices.Clone(chart), "-XX:SharedArchiveFile="+h.trainRolloutArchive(t, chart, t.TempDir()),
		"-Dorg.slf4j.simpleLogger.log.io.nri4j.internal.instances=debug",
		"-Dorg.slf4j.simpleLogger.showDateTime=true", "-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS")
	t.Logf("instances run with the chart's JVM options: %s", strings.Join(chart, " "))
	t.Run("should handle every container exactly once while instances are replaced 20 times", func(t *T) {
		h.runRollout(t, jvm, func(i int) (victim string) { return "old-term" })
	})
	t.Run("should leave no container unadjusted when an instance is SIGKILLed mid-overlap", func(t *T) {
		h.runRollout(t, jvm, func(i int) string {
			switch i % 4 {
			case 1:
				return "old-kill"
			case 3:
				return "new-kill"
			}
			return "old-term"
		})
	})
}

type rolloutStream struct {
	mu                          sync.Mutex
	creations, failed, unadjust int
	firstErr                    string
	unadjusted                  []string // the first few containers created without the adjustment
	started                     time.Time
	elapsed                     time.Duration
	containers                  []string
}

func (h *Harness) runRollout(t *T, jvm []string, victim func(i int) string) {
	dir := t.TempDir()
	rt := NewRuntime(t, RuntimeOptions{})
	effects := filepath.Join(dir, "effects")
	start := func() *Plugin {
		return h.startRolloutInstance(t, rt, jvm, filepath.Join(dir, "instances"), effects)
	}
	current := start()

	stream := &rolloutStream{started: time.Now()}
	stop := make(chan struct{})
	done := make(chan struct{})
	go stream.run(rt, stop, done)

	kills := 0
	for i := 0; i < rolloutReplacements; i++ {
		next := start()
		switch victim(i) {
		case "old-kill":
			require.NoError(t, current.cmd.Process.Signal(syscall.SIGKILL))
			current.AwaitExit(t, 30*time.Second)
			current = next
			kills++
		case "new-kill":
			require.NoError(t, next.cmd.Process.Signal(syscall.SIGKILL))
			next.AwaitExit(t, 30*time.Second)
			kills++
		default:
			require.NoError(t, current.cmd.Process.Signal(syscall.SIGTERM))
			current.AwaitExit(t, 30*time.Second)
			current = next
		}
	}
	// Creations go on with the last instance alone for a while.
	after := stream.count() + 20
	for deadline := time.Now().Add(30 * time.Second); stream.count() < after && time.Now().Before(deadline); {
		<-time.After(10 * time.Millisecond)
	}
	close(stop)
	<-done

	counts, err := countEffects(effects)
	require.NoError(t, err)
	double := 0
	missing := 0
	for _, id := range stream.containers {
		for _, e := range []string{"CreateContainer", "StartContainer"} {
			switch n := counts[e+" "+id]; {
			case n > 1:
				double++
			case n == 0:
				missing++
			}
		}
	}
	rate := float64(stream.creations) / stream.elapsed.Seconds()
	t.Logf("replacements: %d (%d SIGKILLs), creations: %d in %s (%.0f/s)", rolloutReplacements, kills,
		stream.creations, stream.elapsed.Round(time.Millisecond), rate)
	summary := fmt.Sprintf("creations: %d, failed: %d, unadjusted: %d, double-handled: %d, side effects missing: %d",
		stream.creations, stream.failed, stream.unadjust, double, missing)
	t.Logf("%s", summary)
	fmt.Printf("rollout (NRI %s, %d replacements, %d SIGKILLs, %.0f creations/s): %s\n", NRIVersion(),
		rolloutReplacements, kills, rate, summary)
	if stream.failed > 0 {
		id := strings.TrimSuffix(strings.Fields(stream.firstErr)[1], ":")
		t.Logf("side effects of %s (event, container, instance): %q", id, effectsOf(effects, "ctr-"+id))
	}
	for _, id := range stream.unadjusted {
		// Which instance ran its handlers, if any: read with the instances' logs below.
		t.Logf("created without the adjustment: %s, side effects (event, container, instance): %q", id,
			effectsOf(effects, id))
	}
	require.Zero(t, stream.failed, "failed creations, the first: %s", stream.firstErr)
	require.Zero(t, stream.unadjust, "containers created without the plugin's adjustment")
	require.Zero(t, missing, "events whose handler ran in no instance")
	if kills == 0 {
		require.Zero(t, double, "events handled by two instances")
	}
	// The rate is a figure, not a verdict: on a loaded machine (JVMs starting every few seconds)
	// it drops, and what must hold is the counts above.
}

// startRolloutInstance starts an instance and waits until it is ready as a readiness probe sees
// it: synchronized (the runtime lists it a moment later).
func (h *Harness) startRolloutInstance(t *T, rt *Runtime, jvm []string, instances, effects string) *Plugin {
	p := h.StartPlugin(t, rt, PluginOptions{Name: "rollout", Idx: "30", JVMArgs: jvm,
		Args: []string{"--instances-dir", instances, "--rollout", effects}})
	rt.AwaitSynced(t, 60*time.Second)
	p.Await(t, 60*time.Second, "Synchronized", func(r Line) bool { return r.Kind() == "stub" && r.Event() == "Synchronized" })
	return p
}

// trainRolloutArchive writes the class-data archive the instances start with, as the chart's
// image ships one trained at build time: one instance, on a runtime of its own, serves a few
// hundred creations and stops; the JVM archives the classes it loaded as it exits.
func (h *Harness) trainRolloutArchive(t *T, jvm []string, dir string) string {
	archive := filepath.Join(dir, "rollout.jsa")
	train := filepath.Join(dir, "training")
	rt := NewRuntime(t, RuntimeOptions{})
	p := h.startRolloutInstance(t, rt, append(slices.Clone(jvm), "-XX:ArchiveClassesAtExit="+archive),
		filepath.Join(train, "instances"), filepath.Join(train, "effects"))
	stream := &rolloutStream{started: time.Now()}
	stop, done := make(chan struct{}), make(chan struct{})
	go stream.run(rt, stop, done)
	for deadline := time.Now().Add(60 * time.Second); stream.count() < 300 && time.Now().Before(deadline); {
		<-time.After(10 * time.Millisecond)
	}
	close(stop)
	<-done
	require.Zero(t, stream.failed, "failed creations while training, the first: %s", stream.firstErr)
	require.NoError(t, p.cmd.Process.Signal(syscall.SIGTERM))
	p.AwaitExit(t, 60*time.Second)
	_, err := os.Stat(archive)
	require.NoError(t, err, "the JVM wrote no class-data archive")
	return archive
}

func (s *rolloutStream) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.creations
}

// run creates pods and containers at rolloutRate until stop is closed.
func (s *rolloutStream) run(rt *Runtime, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	tick := time.NewTicker(time.Second / rolloutRate)
	defer tick.Stop()
	for i := 0; ; i++ {
		select {
		case <-stop:
			s.elapsed = time.Since(s.started)
			return
		case <-tick.C:
		}
		id := fmt.Sprintf("r%05d", i)
		pod := Pod("pod-"+id, nil)
		ctr := Ctr(pod, "ctr-"+id)
		s.containers = append(s.containers, ctr.Id)
		fail := func(step string, err error) {
			s.failed++
			if s.firstErr == "" {
				s.firstErr = step + " " + id + ": " + err.Error()
			}
		}
		s.mu.Lock()
		s.creations++
		s.mu.Unlock()
		if err := rt.Event("RunPodSandbox", pod, nil); err != nil {
			fail("RunPodSandbox", err)
			continue
		}
		rsp, err := rt.CreateContainer(pod, ctr)
		if err != nil {
			fail("CreateContainer", err)
			continue
		}
		if rsp.GetAdjust().GetAnnotations()[rolloutAnnotation] == "" {
			s.unadjust++
			if len(s.unadjusted) < 5 {
				s.unadjusted = append(s.unadjusted, ctr.Id)
			}
		}
		if err := rt.Event("StartContainer", pod, ctr); err != nil {
			fail("StartContainer", err)
		}
	}
}

// effectsOf is the side-effect lines naming container id.
func effectsOf(path, id string) []string {
	data, _ := os.ReadFile(path)
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) == 3 && strings.HasSuffix(f[1], id) {
			lines = append(lines, l)
		}
	}
	return lines
}

// countEffects reads the plugins' side-effect lines: "<event> <id> <instance>" -> count per "<event> <id>".
func countEffects(path string) (map[string]int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	counts := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 3 {
			counts[fields[0]+" "+fields[1]]++
		}
	}
	return counts, sc.Err()
}
