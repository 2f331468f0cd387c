package driver

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"go.yaml.in/yaml/v3"
)

// Probes is what a plugin's pod is asked over HTTP while it runs, as the chart sets it up: the
// kubelet's startup probe until it passes, then its liveness and readiness probes, and
// Prometheus' scrape, each on its period. A run asks them beside the calls, so that what serving
// them loads and keeps is in the plugin's memory and CPU, as it is on a node.
type Probes struct {
	Startup, Liveness, Readiness, Scrape Probe
	// Metric is a name the scrape's answer must hold: the plugin's own metrics are exported.
	Metric string
}

// Probe is one HTTP GET on a period.
type Probe struct {
	Path            string
	Period, Timeout time.Duration
}

// ProbeCounts is what one process answered.
type ProbeCounts struct {
	Passed, Failed map[string]int // by path, once the startup probe has passed
	Scraped        int            // bytes of the last scrape
	LastFailure    string
}

// ChartProbes reads the probes' periods and timeouts and the metrics' path and interval from the
// chart's values.yaml; the probes' paths are the ones its daemonset.yaml asks.
func ChartProbes(values string) (Probes, error) {
	data, err := os.ReadFile(values)
	if err != nil {
		return Probes{}, err
	}
	type probe struct {
		PeriodSeconds  int `yaml:"periodSeconds"`
		TimeoutSeconds int `yaml:"timeoutSeconds"`
	}
	var v struct {
		Probes  struct{ Startup, Liveness, Readiness probe }
		Metrics struct {
			Path       string
			PodMonitor struct{ Interval string } `yaml:"podMonitor"`
		}
	}
	if err := yaml.Unmarshal(data, &v); err != nil {
		return Probes{}, fmt.Errorf("%s: %w", values, err)
	}
	interval, err := time.ParseDuration(v.Metrics.PodMonitor.Interval)
	if err != nil || v.Metrics.Path == "" {
		return Probes{}, fmt.Errorf("%s: metrics.path %q, metrics.podMonitor.interval %q: %v", values,
			v.Metrics.Path, v.Metrics.PodMonitor.Interval, err)
	}
	p := func(path string, pr probe) Probe {
		return Probe{path, time.Duration(pr.PeriodSeconds) * time.Second, time.Duration(pr.TimeoutSeconds) * time.Second}
	}
	ps := Probes{Startup: p("/actuator/health/liveness", v.Probes.Startup),
		Liveness:  p("/actuator/health/liveness", v.Probes.Liveness),
		Readiness: p("/actuator/health/readiness", v.Probes.Readiness),
		// Prometheus gives up on a scrape after its timeout, 10 s unless the monitor says otherwise.
		Scrape: Probe{v.Metrics.Path, interval, 10 * time.Second},
		Metric: "nri_plugin_connection_state"}
	for _, pr := range []Probe{ps.Startup, ps.Liveness, ps.Readiness} {
		if pr.Period <= 0 || pr.Timeout <= 0 {
			return Probes{}, fmt.Errorf("%s: a probe without periodSeconds or timeoutSeconds: %+v", values, v.Probes)
		}
	}
	return ps, nil
}

// FreePort is a TCP port on the loopback that nothing listens on now.
func FreePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// prober asks one process its probes from a goroutine of its own until stopped.
type prober struct {
	stop     chan struct{}
	done     chan struct{}
	answered chan struct{} // closed once every probe and the scrape have passed once
	counts   ProbeCounts
}

// startProbes starts asking p of the process listening on port: the startup probe at once and
// on its period until it passes, then each of the others at once and on its own period.
// Prometheus scrapes a new target first at an offset within its interval; a run is shorter than
// one, so the first scrape comes when the startup probe passes and each process is measured as
// one that has been scraped.
func startProbes(p Probes, port int) *prober {
	pr := &prober{stop: make(chan struct{}), done: make(chan struct{}), answered: make(chan struct{}),
		counts: ProbeCounts{Passed: map[string]int{}, Failed: map[string]int{}}}
	client := &http.Client{}
	get := func(probe Probe) (int, error) {
		client.Timeout = probe.Timeout
		rsp, err := client.Get(fmt.Sprintf("http://127.0.0.1:%d%s", port, probe.Path))
		if err != nil {
			return 0, err
		}
		defer rsp.Body.Close()
		body, err := io.ReadAll(rsp.Body)
		if err == nil && rsp.StatusCode != http.StatusOK {
			err = fmt.Errorf("GET %s: %s", probe.Path, rsp.Status)
		}
		if err == nil && probe == p.Scrape && !strings.Contains(string(body), p.Metric) {
			err = fmt.Errorf("GET %s: no %s in %d bytes", probe.Path, p.Metric, len(body))
		}
		return len(body), err
	}
	wait := func(d time.Duration) bool {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-pr.stop:
			return false
		case <-t.C:
			return true
		}
	}
	go func() {
		defer close(pr.done)
		for {
			_, err := get(p.Startup)
			if err == nil {
				break
			}
			pr.counts.LastFailure = err.Error()
			if !wait(p.Startup.Period) {
				return
			}
		}
		probes := []Probe{p.Liveness, p.Readiness, p.Scrape}
		next := make([]time.Time, len(probes))
		now := time.Now()
		for i := range next {
			next[i] = now
		}
		var first sync.Once
		for {
			i := 0
			for j := range next {
				if next[j].Before(next[i]) {
					i = j
				}
			}
			if !wait(time.Until(next[i])) {
				return
			}
			n, err := get(probes[i])
			if err != nil {
				pr.counts.Failed[probes[i].Path]++
				pr.counts.LastFailure = err.Error()
			} else {
				pr.counts.Passed[probes[i].Path]++
				if probes[i] == p.Scrape {
					pr.counts.Scraped = n
				}
			}
			next[i] = next[i].Add(probes[i].Period)
			if pr.allPassed(probes) {
				first.Do(func() { close(pr.answered) })
			}
		}
	}()
	return pr
}

func (pr *prober) allPassed(probes []Probe) bool {
	for _, p := range probes {
		if pr.counts.Passed[p.Path] == 0 {
			return false
		}
	}
	return true
}

// finish stops asking and says what was answered; an error if a probe or the scrape never passed.
func (pr *prober) finish(p Probes) (ProbeCounts, error) {
	close(pr.stop)
	<-pr.done
	c := pr.counts
	for _, probe := range []Probe{p.Startup, p.Liveness, p.Readiness, p.Scrape} {
		if c.Passed[probe.Path] == 0 && probe != p.Startup {
			return c, fmt.Errorf("GET %s never passed (last failure: %s)", probe.Path, c.LastFailure)
		}
	}
	return c, nil
}

// String is one line for a run's log.
func (c ProbeCounts) String() string {
	passed, failed := 0, 0
	for _, n := range c.Passed {
		passed += n
	}
	for _, n := range c.Failed {
		failed += n
	}
	s := fmt.Sprintf("%d probes and scrapes passed, %d failed, last scrape %d bytes", passed, failed, c.Scraped)
	if failed > 0 {
		s += " (" + c.LastFailure + ")"
	}
	return s
}
