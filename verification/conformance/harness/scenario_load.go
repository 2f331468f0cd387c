package harness

import (
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/stretchr/testify/require"
)

// underLoad runs the handler budget and the lifecycle while processes that never sleep take
// every core, as a node's kubelet, API server and workloads do at their busiest: the answers
// must still beat the runtime's per-call deadline, and the plugin must stay connected. The
// runtime judges the deadline: a call it gave up on ends in an error (and it drops the
// plugin), so the cases check that verdict, not a clock of their own that the same load slows.
func (h *Harness) underLoad(t *T) {
	rt := NewRuntime(t, RuntimeOptions{RequestTimeout: time.Second})
	var events []string
	lifecycle := libraryEvents(LifecycleEvents)
	for _, e := range lifecycle {
		events = append(events, strings.ToLower(e))
	}
	p := h.Connect(t, rt, PluginOptions{Name: "loaded", Idx: "10", Events: strings.Join(events, ","),
		Args: []string{"--budget", "0.5"}})
	saturate(t, 2*runtime.NumCPU())

	t.Run("should answer a handler still running at its budget before the deadline", func(t *T) {
		for i := 0; i < 5; i++ {
			pod := Pod("pod-loaded-budget", map[string]string{"block.10": "CreateContainer"})
			mark := rt.Calls.Mark()
			_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-loaded-budget"))
			require.NoError(t, err, "overrun %d", i)
			create := findCall(rt.Calls.Since(mark), "CreateContainer")
			require.NotNil(t, create, "overrun %d reached the plugin: it is still connected", i)
			t.Logf("overrun %d answered after %s", i, create.Elapsed.Round(time.Millisecond))
			require.NoError(t, create.Err, "overrun %d answered before the runtime's deadline", i)
		}
		require.NotContains(t, p.Milestones(), "Disconnected")
	})

	t.Run("should take pods and containers through every event within the deadline", func(t *T) {
		for i := 0; i < 5; i++ {
			pod := Pod("pod-loaded", map[string]string{"adjust": "annotations"})
			ctr := Ctr(pod, "ctr-loaded")
			mark := rt.Calls.Mark()
			for _, e := range lifecycle {
				require.NoError(t, rt.Event(e, pod, ctr), "round %d: %s", i, e)
			}
			var slowest time.Duration
			calls := 0
			for _, c := range rt.Calls.Since(mark) {
				if c.ToPlugin {
					calls++
					require.NoError(t, c.Err, "round %d: %s answered before the deadline", i, c.Method)
					if c.Elapsed > slowest {
						slowest = c.Elapsed
					}
				}
			}
			require.Equal(t, len(lifecycle), calls, "round %d: the plugin got every event", i)
			require.NotContains(t, p.Milestones(), "Disconnected", "round %d", i)
			t.Logf("round %d: %d events, the slowest answered after %s", i, len(lifecycle), slowest.Round(time.Millisecond))
		}
	})
}

// saturate starts n processes that spin until t ends.
func saturate(t *T, n int) {
	for i := 0; i < n; i++ {
		cmd := exec.Command("sh", "-c", "while :; do :; done")
		cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
		require.NoError(t, cmd.Start(), "a busy process")
		t.Cleanup(func() {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		})
	}
	t.Logf("%d busy processes on %d cores: %s", n, runtime.NumCPU(), strings.Repeat("*", n))
}
