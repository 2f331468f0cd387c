package harness

import (
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"syscall"
	"time"
)

const (
	raceRestarts = 20
	raceWorkers  = 2
	raceRate     = 5.0 // creations a second, at least
)

// race: pods are created without pause while the e2e plugin is killed and started again, over
// and over; in the end every container is either handled (marked) or reported escaped, none
// silently missed, whichever moment of registration its creation fell into.
func (s *Suite) race(t *T, c Runtime, r Release) {
	e := newEnforcing(t, s, c)
	p := e.start(t, "none")
	tr := startTraffic(t, c)
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	kills := map[syscall.Signal]int{}
	next, restartErr := e.standby("none")
	for i := 0; i < raceRestarts && restartErr == nil; i++ {
		tr.keep(next.Plugin)
		// A random moment after it synchronized: before, during or after its catch-up.
		time.Sleep(time.Duration(rng.Intn(700)) * time.Millisecond)
		sig := syscall.SIGKILL
		if rng.Intn(2) == 0 {
			sig = syscall.SIGTERM
		}
		kills[sig]++
		if restartErr = p.Kill(sig, 30*time.Second); restartErr != nil {
			break
		}
		if restartErr = next.connect(c.NRIPath()); restartErr != nil {
			break
		}
		p = next.Plugin
		if i < raceRestarts-1 {
			// The next one starts while this one registers.
			if next, restartErr = e.standby("none"); restartErr != nil {
				break
			}
		}
		_, restartErr = p.AwaitLines("synchronized pods", 1, pluginTimeout)
	}
	// A while under the last instance, then quiet: every report it is going to make is made.
	time.Sleep(time.Second)
	created, failures, elapsed := tr.stop()
	reports, reportErr := e.awaitQuiet(2*time.Second, 30*time.Second)

	if restartErr != nil {
		t.Fatalf("restart %d: %v", kills[syscall.SIGKILL]+kills[syscall.SIGTERM], restartErr)
	}
	if reportErr != nil {
		t.Fatalf("reading the reports: %v", reportErr)
	}
	rate := float64(len(created)+len(failures)) / elapsed.Seconds()
	t.Run(fmt.Sprintf("should create at least %.0f pods a second", raceRate), func(t *T) {
		if rate < raceRate {
			t.Fatalf("%d pods in %s: %.1f a second", len(created)+len(failures), elapsed.Round(time.Millisecond), rate)
		}
	})
	var adjusted, silent, falsePositives int
	causes := map[string]int{}
	var silentOnes, wrong []string
	t.Run("should report every container it did not handle, and no other", func(t *T) {
		var mu sync.Mutex
		forEach(created, func(id string) {
			spec, err := c.Spec(id)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				wrong = append(wrong, fmt.Sprintf("%s: %v", id, err))
				return
			}
			_, marked := spec.Annotations[markerKey]
			reported := reports[id]
			switch {
			case marked && len(reported) > 0:
				falsePositives++
				wrong = append(wrong, fmt.Sprintf("%s: marked and reported %v", id, reported))
			case marked:
				adjusted++
			case len(reported) > 0:
				causes[reported[0]]++
				if len(reported) > 1 {
					wrong = append(wrong, fmt.Sprintf("%s: reported %d times %v", id, len(reported), reported))
				}
			default:
				silent++
				silentOnes = append(silentOnes, id)
			}
		})
		if silent > 0 {
			t.Errorf("%d containers neither handled nor reported: %s", silent, strings.Join(silentOnes, ", "))
		}
		if len(wrong) > 0 {
			t.Fatalf("%s", strings.Join(wrong, "; "))
		}
	})
	other := ""
	for cause, n := range causes {
		if cause != "DOWNTIME" && cause != "SYNCHRONIZE_RACE" {
			other += fmt.Sprintf(", %s %d", strings.ToLower(cause), n)
		}
	}
	reported := 0
	for _, n := range causes {
		reported += n
	}
	figure(t, "race (%s): created: %d, adjusted: %d, reported: %d (downtime %d, synchronize race %d%s), silent: %d"+
		"; %d restarts (%d SIGKILL, %d SIGTERM), %.1f pods/s, %d creations failed, false positives: %d",
		c.Name(), len(created), adjusted, reported, causes["DOWNTIME"], causes["SYNCHRONIZE_RACE"], other, silent,
		kills[syscall.SIGKILL]+kills[syscall.SIGTERM], kills[syscall.SIGKILL], kills[syscall.SIGTERM], rate,
		len(failures), falsePositives)
	if len(failures) > 0 {
		t.Logf("creations that failed (the plugin killed during the call), first: %s", failures[0])
	}
}

// traffic creates pods, each with a running container, from raceWorkers goroutines until
// stopped; it keeps them (a removed container would leave nothing to check) and removes them
// with the case.
type traffic struct {
	mu       sync.Mutex
	pods     []*Pod
	created  []string
	failures []string
	plugins  []*Plugin
	start    time.Time
	done     chan struct{}
	wg       sync.WaitGroup
}

func startTraffic(t *T, c Runtime) *traffic {
	tr := &traffic{start: time.Now(), done: make(chan struct{})}
	t.Cleanup(func() {
		tr.stop()
		for _, p := range tr.plugins {
			if _, err := p.Terminate(30 * time.Second); err != nil {
				t.Logf("%v; plugin %s output:\n%s", err, p.Name, p.Output(40))
			}
		}
		if t.Failed() && len(tr.plugins) > 0 {
			p := tr.plugins[len(tr.plugins)-1]
			t.Logf("the last instance's output:\n%s", p.Output(40))
		}
		removePods(t, tr.pods)
	})
	for w := 0; w < raceWorkers; w++ {
		tr.wg.Add(1)
		go func() {
			defer tr.wg.Done()
			for {
				select {
				case <-tr.done:
					return
				default:
				}
				pod, err := c.RunPod("race", map[string]string{prefix + "adjust": "race"})
				var id string
				if err == nil {
					id, err = pod.RunContainer("app")
				}
				tr.mu.Lock()
				if pod != nil {
					tr.pods = append(tr.pods, pod)
				}
				if err != nil {
					tr.failures = append(tr.failures, err.Error())
				} else {
					tr.created = append(tr.created, id)
				}
				tr.mu.Unlock()
			}
		}()
	}
	return tr
}

// keep stops p with the case.
func (tr *traffic) keep(p *Plugin) { tr.plugins = append(tr.plugins, p) }

// stop ends the traffic (once) and returns the containers created, the failed creations and
// how long it ran.
func (tr *traffic) stop() (created, failures []string, elapsed time.Duration) {
	select {
	case <-tr.done:
	default:
		close(tr.done)
	}
	tr.wg.Wait()
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.created, tr.failures, time.Since(tr.start)
}
