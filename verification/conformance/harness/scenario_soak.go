package harness

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/containerd/nri/pkg/api"
	"github.com/stretchr/testify/require"
)

// SoakDuration is how long the soak scenario sends events (-soak); 0 skips it. cmd/all gives
// it to the harness of the newest runtime library only: the soak takes all of its duration.
var SoakDuration = time.Minute

const (
	soakRate        = 200              // events per second
	soakWarmUp      = 10 * time.Second // JIT compilation and class loading settle
	soakSampleEvery = 2 * time.Second
	soakThreadSlack = 8        // threads the JVM may still start after the warm-up (compiler, GC)
	soakFdSlack     = 8        // file descriptors likewise (a jar opened late)
	soakRSSSlack    = 64 << 20 // bytes the plugin's RSS may grow after the warm-up
	soakTrendSlack  = 32 << 20 // bytes the fitted RSS line may rise over the second half
)

// soakJVMArgs give the plugin a fixed heap, touched at its start, so that its RSS grows only with
// what the heap does not hold: direct buffers, metaspace, compiled code, threads. Without them
// the RSS of the first minutes is mostly G1 growing its young generation into fresh pages (it
// rose 1.6 MiB/s while the heap after each GC stayed at 8 MiB).
var soakJVMArgs = []string{"-Xms128m", "-Xmx128m", "-XX:+AlwaysPreTouch"}

// soakLifecycle is what each pod and its container go through: CreateContainer and the
// notifications around it.
var soakLifecycle = []string{"RunPodSandbox", "CreateContainer", "PostCreateContainer", "StartContainer",
	"PostStartContainer", "RemoveContainer", "StopPodSandbox", "RemovePodSandbox"}

// sample is what the plugin's process uses at one moment, from /proc.
type sample struct {
	at      time.Duration // since the events began
	rss     int64         // bytes
	threads int
	fds     int
}

func (h *Harness) soak(t *T) {
	if SoakDuration <= 0 {
		t.Skipf("-soak 0: cmd/all runs the soak with the newest runtime library only")
	}
	if SoakDuration < 2*soakWarmUp {
		t.Fatalf("-soak %s: at least %s, the first %s being warm-up", SoakDuration, 2*soakWarmUp, soakWarmUp)
	}
	withHeap := *h
	withHeap.Java.JVMArgs = append(append([]string(nil), h.Java.JVMArgs...), soakJVMArgs...)
	rt := NewRuntime(t, RuntimeOptions{})
	p := withHeap.Connect(t, rt, PluginOptions{Name: "soak", Idx: "10",
		Events: strings.ToLower(strings.Join(soakLifecycle, ","))})
	sent, elapsed, samples := soakEvents(t, rt, p.cmd.Process.Pid)
	steady := afterWarmUp(samples)
	require.GreaterOrEqual(t, len(steady), 4, "samples after the warm-up")
	first, last := steady[0], steady[len(steady)-1]
	peak := peakOf(steady)
	fmt.Printf("soak (NRI %s): %d events in %s, %.1f/s; RSS first %s, last %s, max %s; threads %d/%d/%d; "+
		"fds %d/%d/%d (first/last/max after %s warm-up, %d samples); load average %s\n",
		NRIVersion(), sent, elapsed.Round(time.Millisecond), float64(sent)/elapsed.Seconds(),
		mib(first.rss), mib(last.rss), mib(peak.rss), first.threads, last.threads, peak.threads,
		first.fds, last.fds, peak.fds, soakWarmUp, len(steady), loadAverage())

	t.Run("should handle every event, connected throughout", func(t *T) {
		require.Eventually(t, func() bool { return len(p.Handled()) >= sent+1 }, 10*time.Second, 20*time.Millisecond,
			"handler reports for %d events and Synchronize", sent)
		require.Len(t, p.Handled(), sent+1)
		require.NotContains(t, p.Milestones(), "Disconnected")
	})
	t.Run("should keep its thread count", func(t *T) {
		require.LessOrEqual(t, peak.threads, first.threads+soakThreadSlack, "threads: %v", steady)
	})
	t.Run("should keep its file descriptors", func(t *T) {
		require.LessOrEqual(t, peak.fds, first.fds+soakFdSlack, "open file descriptors: %v", steady)
	})
	t.Run("should keep its RSS within 64 MiB of the first sample after the warm-up", func(t *T) {
		require.LessOrEqual(t, peak.rss, first.rss+soakRSSSlack, "RSS: %v", steady)
	})
	t.Run("should not grow its RSS steadily over the second half", func(t *T) {
		half := steady[len(steady)/2:]
		rise := slope(half) * (half[len(half)-1].at - half[0].at).Seconds()
		require.Less(t, rise, float64(soakTrendSlack), "RSS line over %s rises by %s: %v",
			half[len(half)-1].at-half[0].at, mib(int64(rise)), half)
	})
}

// soakEvents sends the lifecycle events at soakRate for SoakDuration, catching up after a late
// tick, and samples the process meanwhile.
func soakEvents(t *T, rt *Runtime, pid int) (sent int, elapsed time.Duration, samples []sample) {
	interval := time.Second / soakRate
	events := time.NewTicker(interval)
	defer events.Stop()
	sampling := time.NewTicker(soakSampleEvery)
	defer sampling.Stop()
	start := time.Now()
	for {
		select {
		case now := <-events.C:
			if now.Sub(start) >= SoakDuration {
				return sent, time.Since(start), samples
			}
			for due := int(now.Sub(start) / interval); sent < due; sent++ {
				pod := Pod(fmt.Sprintf("soak-%d", sent/len(soakLifecycle)), nil)
				ctr := &api.Container{Id: pod.Id + "-ctr", PodSandboxId: pod.Id, Name: "ctr",
					State: api.ContainerState_CONTAINER_CREATED}
				name := soakLifecycle[sent%len(soakLifecycle)]
				require.NoError(t, rt.Event(name, pod, ctr), "event %d, %s", sent, name)
			}
		case now := <-sampling.C:
			s, err := sampleOf(pid)
			require.NoError(t, err, "sampling the plugin's process %d", pid)
			s.at = now.Sub(start)
			samples = append(samples, s)
		}
	}
}

// sampleOf reads a process's RSS and thread count from /proc/<pid>/status and counts its open
// file descriptors.
func sampleOf(pid int) (sample, error) {
	var s sample
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return s, err
	}
	defer f.Close()
	lines := bufio.NewScanner(f)
	for lines.Scan() {
		fields := strings.Fields(lines.Text())
		if len(fields) < 2 {
			continue
		}
		n, _ := strconv.ParseInt(fields[1], 10, 64)
		switch fields[0] {
		case "VmRSS:":
			s.rss = n << 10 // kB
		case "Threads:":
			s.threads = int(n)
		}
	}
	fds, err := os.ReadDir(fmt.Sprintf("/proc/%d/fd", pid))
	s.fds = len(fds)
	return s, err
}

func afterWarmUp(samples []sample) []sample {
	for i, s := range samples {
		if s.at >= soakWarmUp {
			return samples[i:]
		}
	}
	return nil
}

func peakOf(samples []sample) sample {
	var p sample
	for _, s := range samples {
		p.rss, p.threads, p.fds = max(p.rss, s.rss), max(p.threads, s.threads), max(p.fds, s.fds)
	}
	return p
}

// slope is the least-squares slope of RSS over time, in bytes per second.
func slope(samples []sample) float64 {
	var n, sx, sy, sxx, sxy float64
	for _, s := range samples {
		x, y := s.at.Seconds(), float64(s.rss)
		n, sx, sy, sxx, sxy = n+1, sx+x, sy+y, sxx+x*x, sxy+x*y
	}
	if d := n*sxx - sx*sx; d != 0 {
		return (n*sxy - sx*sy) / d
	}
	return 0
}

func (s sample) String() string {
	return fmt.Sprintf("%s: %s %dt %dfd", s.at.Round(time.Second), mib(s.rss), s.threads, s.fds)
}

func mib(bytes int64) string { return fmt.Sprintf("%.1f MiB", float64(bytes)/(1<<20)) }

// loadAverage is the machine's load over 1, 5 and 15 minutes: the soak's figures depend on it.
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if fields := strings.Fields(string(data)); err == nil && len(fields) >= 3 {
		return strings.Join(fields[:3], " ")
	}
	return "unknown"
}
