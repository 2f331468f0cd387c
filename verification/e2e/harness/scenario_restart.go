package harness

import (
	"strings"
	"time"
)

// restart: the runtime restarts under a running plugin, which reconnects and is synchronized
// with the pods that outlived the restart.
func (s *Suite) restart(t *T, c Runtime, r Release) {
	p := startPlugin(t, s, c, "e2e-adjuster", s.AdjusterJar)
	before, _ := runPod(t, c, "before-restart", map[string]string{prefix + "adjust": "before-restart"})
	syncs, err := p.AwaitLines("synchronized pods", 1, pluginTimeout)
	if err != nil {
		t.Fatalf("%v", err)
	}
	c.Stop(stopTimeout)
	t.Run("should report readiness DOWN while the runtime is away", func(t *T) {
		status, err := p.AwaitReadiness("!UP", 30*time.Second)
		if err != nil {
			t.Fatalf("%v", err)
		}
		t.Logf("readiness %s", status)
	})
	if err := c.Start(startTimeout); err != nil {
		t.Fatalf("%v", err)
	}
	t.Run("should reconnect and be synchronized with the pods that outlived the restart", func(t *T) {
		lines, err := p.AwaitLines("synchronized pods", len(syncs)+1, pluginTimeout)
		if err != nil {
			t.Fatalf("%v", err)
		}
		if last := lines[len(lines)-1]; !strings.Contains(last, before.Name()) {
			t.Fatalf("synchronized after the restart without pod %s: %s", before.Name(), last)
		}
	})
	t.Run("should report readiness UP again", func(t *T) {
		if _, err := p.AwaitReadiness("UP", pluginTimeout); err != nil {
			t.Fatalf("%v", err)
		}
	})
	t.Run("should adjust the next pod's container", func(t *T) {
		_, id := runPod(t, c, "after-restart", map[string]string{prefix + "adjust": "after-restart"})
		requireEnv(t, specOf(t, c, id), "E2E_ADJUSTED=after-restart")
	})
}
