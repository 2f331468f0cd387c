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
	raceWorkers  = 6
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
	var timeline []string
	mark := func(what string) {
		timeline = append(timeline, fmt.Sprintf("%.2fs %s", time.Since(tr.start).Seconds(), what))
	}
	// Two instances start ahead, so that one has booted when its turn comes.
	var standbys []*standby
	var restartErr error
	for len(standbys) < 2 && restartErr == nil {
		var sb *standby
		if sb, restartErr = e.standby("none"); restartErr == nil {
			standbys = append(standbys, sb)
			tr.keep(sb.Plugin)
		}
	}
	for i := 0; i < raceRestarts && restartErr == nil; i++ {
		// A random moment after it synchronized: before, during or after its catch-up.
		time.Sleep(time.Duration(rng.Intn(700)) * time.Millisecond)
		sig := syscall.SIGKILL
		if rng.Intn(2) == 0 {
			sig = syscall.SIGTERM
		}
		kills[sig]++
		mark(fmt.Sprintf("%s to instance %d", sig, i))
		if restartErr = p.Kill(sig, 30*time.Second); restartErr != nil {
			break
		}
		mark(fmt.Sprintf("instance %d exited; instance %d connects", i, i+1))
		next := standbys[0]
		standbys = standbys[1:]
		if restartErr = next.connect(c.NRIPath()); restartErr != nil {
			break
		}
		p = next.Plugin
		if i+len(standbys) < raceRestarts-1 {
			var sb *standby
			if sb, restartErr = e.standby("none"); restartErr != nil {
				break
			}
			standbys = append(standbys, sb)
			tr.keep(sb.Plugin)
		}
		_, restartErr = p.AwaitLines("synchronized pods", 1, pluginTimeout)
		mark(fmt.Sprintf("instance %d synchronized", i+1))
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
	var adjusted, silent, lost, falsePositives, again int
	causes := map[string]int{}
	var silentOnes, lostOnes, wrong []string
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
					// At least once: an instance stopped before its catch-up was done leaves the
					// container to the next one, which reports it again.
					again++
				}
			case e.ledgerHas(id) == "reported":
				// Recorded as reported, but no handler ever got it: an instance killed between
				// its ledger's update and its catch-up (see the next case).
				lost++
				lostOnes = append(lostOnes, id)
			default:
				silent++
				silentOnes = append(silentOnes, id)
			}
		})
		if silent > 0 {
			t.Errorf("%d containers neither handled nor reported:\n%s\ntimeline:\n%s", silent,
				strings.Join(tr.describe(silentOnes, e.ledgerHas), "\n"), strings.Join(timeline, "\n"))
		}
		if len(wrong) > 0 {
			t.Fatalf("%s", strings.Join(wrong, "; "))
		}
	})
	t.Run("should hand every escape its ledger records to the handler, whenever it is killed", func(t *T) {
		if lost > 0 {
			t.Fatalf("%d containers the ledger lists as reported were never handed to the escape handler (the"+
				" instance that classified them was killed before its catch-up ran; the next ones take them for"+
				" known):\n%s\ntimeline:\n%s", lost, strings.Join(tr.describe(lostOnes, e.ledgerHas), "\n"),
				strings.Join(timeline, "\n"))
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
		", lost in the ledger: %d, reported again after a stop: %d; %d restarts (%d SIGKILL, %d SIGTERM) in %s, %.1f pods/s, %d creations failed,"+
		" false positives: %d",
		c.Name(), len(created), adjusted, reported, causes["DOWNTIME"], causes["SYNCHRONIZE_RACE"], other, silent,
		lost, again, kills[syscall.SIGKILL]+kills[syscall.SIGTERM], kills[syscall.SIGKILL], kills[syscall.SIGTERM],
		elapsed.Round(time.Second), rate, len(failures), falsePositives)
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
	window   map[string][2]time.Duration // when its creation began and ended, since start
	failures []string
	plugins  []*Plugin
	start    time.Time
	done     chan struct{}
	wg       sync.WaitGroup
}

func startTraffic(t *T, c Runtime) *traffic {
	tr := &traffic{start: time.Now(), done: make(chan struct{}), window: map[string][2]time.Duration{}}
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
				began := time.Since(tr.start)
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
					tr.window[id] = [2]time.Duration{began, time.Since(tr.start)}
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

// describe says, for failure messages, when each container was created and what the ledger
// holds of it.
func (tr *traffic) describe(ids []string, ledger func(string) string) []string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var lines []string
	for _, id := range ids {
		w := tr.window[id]
		lines = append(lines, fmt.Sprintf("%s: created %.2fs to %.2fs, ledger: %s", id, w[0].Seconds(),
			w[1].Seconds(), ledger(id)))
	}
	return lines
}
