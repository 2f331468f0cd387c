package driver

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/containerd/nri/pkg/api"
	"github.com/nri4j/nri4j/verification/conformance/harness"
)

// Plan is how many calls each phase of a latency run makes. A call here is one CreateContainer
// followed by one StartContainer for the same container. Idle is how long the process then
// gets no calls before its memory is read again: the JVM gives freed native memory back on
// timers of its own (its arena chunk pool every 5 s, then the chart's native heap trim), so
// the RSS right after the calls depends on where they stand.
type Plan struct {
	ShortWarmUp, ShortMeasured, LongWarmUp, LongMeasured int
	Idle                                                 time.Duration
}

// Total is the number of CreateContainer calls a run makes after the first one.
func (p Plan) Total() int { return p.LongWarmUp + p.LongMeasured }

// Window holds the latencies measured after one warm-up.
type Window struct {
	Create, Start []time.Duration
	CPUPerCall    time.Duration // plugin CPU per call (Create or Start), from /proc
}

// LatencyResult is what one fresh process of one kind gave.
type LatencyResult struct {
	Kind        string
	Spawned     time.Duration // start of the process to synchronized
	Cold        time.Duration // the first CreateContainer after synchronization
	Short, Long Window        // after ShortWarmUp and LongWarmUp calls
	Memory      Memory        // after all calls
	AfterIdle   Memory        // after all calls and then Plan.Idle without any
	HTTP        ProbeCounts   // the probes and scrapes it answered meanwhile, if it serves HTTP
}

// Latency spawns kind against an empty runtime and measures its calls as plan says.
func Latency(kind Kind, plan Plan, out string, round int) (LatencyResult, error) {
	res := LatencyResult{Kind: kind.Name}
	s, err := spawn(kind, harness.RuntimeOptions{}, logFile(out, kind.Name, "latency", round), 60*time.Second)
	if err != nil {
		return res, err
	}
	defer s.close()
	res.Spawned = s.Spawned
	s.probe(kind)

	pod := harness.Pod("bench-pod", nil)
	ctrs := make([]*api.Container, 64)
	for i := range ctrs {
		ctrs[i] = harness.Ctr(pod, fmt.Sprintf("bench-ctr-%d", i))
	}
	start := time.Now()
	rsp, err := s.rt.CreateContainer(pod, ctrs[0])
	res.Cold = time.Since(start)
	if err != nil {
		return res, fmt.Errorf("%s: first CreateContainer: %w", kind.Name, err)
	}
	if err := checkWork(rsp, ctrs[0]); err != nil {
		return res, fmt.Errorf("%s: %w", kind.Name, err)
	}
	annotate(ctrs[0], rsp)

	done := 1
	phase := func(until int, w *Window) error {
		cpu0, err := cpuTime(s.pid())
		if err != nil {
			return err
		}
		n := 0
		for ; done < until; done++ {
			ctr := ctrs[done%len(ctrs)]
			t0 := time.Now()
			rsp, err := s.rt.CreateContainer(pod, ctr)
			if err != nil {
				return fmt.Errorf("%s: CreateContainer %d: %w", kind.Name, done, err)
			}
			created := time.Since(t0)
			annotate(ctr, rsp)
			t1 := time.Now()
			if err := s.rt.Event("StartContainer", pod, ctr); err != nil {
				return fmt.Errorf("%s: StartContainer %d: %w", kind.Name, done, err)
			}
			if w != nil {
				w.Create = append(w.Create, created)
				w.Start = append(w.Start, time.Since(t1))
			}
			n++
		}
		if w != nil && n > 0 {
			cpu1, err := cpuTime(s.pid())
			if err != nil {
				return err
			}
			w.CPUPerCall = (cpu1 - cpu0) / time.Duration(2*n)
		}
		return nil
	}
	steps := []struct {
		until int
		w     *Window
	}{
		{plan.ShortWarmUp, nil},
		{plan.ShortWarmUp + plan.ShortMeasured, &res.Short},
		{plan.LongWarmUp, nil},
		{plan.LongWarmUp + plan.LongMeasured, &res.Long},
	}
	for _, step := range steps {
		if err := phase(step.until, step.w); err != nil {
			return res, err
		}
	}
	if res.Memory, err = memory(s.pid()); err != nil {
		return res, err
	}
	time.Sleep(plan.Idle)
	if res.AfterIdle, err = memory(s.pid()); err != nil {
		return res, err
	}
	if res.HTTP, err = s.probed(kind); err != nil {
		return res, err
	}
	if kind.AfterLoad != nil {
		kind.AfterLoad(s.pid(), filepath.Join(out, fmt.Sprintf("%s-%d", kind.Name, round)))
	}
	return res, err
}

// annotate gives ctr the annotations the plugin's answer added, as a runtime creates the
// container with them: later events carry them, among them the enforcement's marker, without
// which a Java plugin takes each container for one created without it.
func annotate(ctr *api.Container, rsp *api.CreateContainerResponse) {
	for k, v := range rsp.GetAdjust().GetAnnotations() {
		if ctr.Annotations == nil {
			ctr.Annotations = map[string]string{}
		}
		ctr.Annotations[k] = v
	}
}

// checkWork holds every kind to the same work: the annotation and the variable are there.
func checkWork(rsp *api.CreateContainerResponse, ctr *api.Container) error {
	want := "hello, " + ctr.Name
	if got := rsp.GetAdjust().GetAnnotations()["bench.nri4j.io/greeting"]; got != want {
		return fmt.Errorf("CreateContainer answered annotation %q, want %q", got, want)
	}
	for _, env := range rsp.GetAdjust().GetEnv() {
		if env.Key == "BENCH" && env.Value == "1" {
			return nil
		}
	}
	return fmt.Errorf("CreateContainer answered no BENCH=1 variable: %v", rsp.GetAdjust().GetEnv())
}
