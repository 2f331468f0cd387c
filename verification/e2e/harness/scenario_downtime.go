package harness

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	cri "k8s.io/cri-api/pkg/apis/runtime/v1"
)

const (
	handledPods  = 3
	downtimePods = 10
)

// downtime: the containers created while the e2e plugin is down, and only those, are reported
// escaped (downtime) when it is back, and caught up: its handler's memory limit reaches their
// cgroups; switched to eviction, the next ones are stopped.
func (s *Suite) downtime(t *T, c Runtime, r Release) {
	e := newEnforcing(t, s, c)
	p := e.start(t, "update")
	handled := runPods(t, c, "handled", handledPods)
	t.Run("should mark the containers it handles", func(t *T) {
		for _, id := range handled {
			if _, ok := specOf(t, c, id).Annotations[markerKey]; !ok {
				t.Fatalf("container %s was created through the plugin, without %s in its spec", id, markerKey)
			}
		}
	})
	stopPlugin(t, p)
	down := runPods(t, c, "down", downtimePods)
	p = e.start(t, "update")
	reports := awaitReports(t, e, down)
	var reported, falsePositives int
	t.Run("should report exactly the containers created while it was down, as downtime", func(t *T) {
		requireReported(t, reports, down, &reported, &falsePositives)
	})
	var caughtUp int
	t.Run("should catch each one up with the handler's memory limit", func(t *T) {
		var mu sync.Mutex
		var wrong []string
		forEach(down, func(id string) {
			var got string
			err := poll(30*time.Second, func() (bool, error) {
				got, _ = memoryLimitIn(c, id)
				return got == strconv.Itoa(catchUpLimit), nil
			})
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				wrong = append(wrong, fmt.Sprintf("%s: %q", id, got))
			} else {
				caughtUp++
			}
		})
		if len(wrong) > 0 {
			t.Fatalf("%d of %d escaped containers without the memory limit %d in their cgroup: %s",
				len(wrong), len(down), catchUpLimit, strings.Join(wrong, ", "))
		}
	})

	// The eviction variant: down again, then back with the handler evicting.
	stopPlugin(t, p)
	evicted := runPods(t, c, "evicted", downtimePods)
	before := processesOf(evicted[0])
	e.start(t, "evict")
	both := append(append([]string{}, down...), evicted...)
	reports = awaitReports(t, e, both)
	var reportedAgain, falseAgain int
	t.Run("should report exactly the containers created while it was down again", func(t *T) {
		requireReported(t, reports, both, &reportedAgain, &falseAgain)
	})
	var stopped int
	t.Run("should stop each escaped container it evicts", func(t *T) {
		var mu sync.Mutex
		var running []string
		forEach(evicted, func(id string) {
			var state cri.ContainerState
			err := poll(30*time.Second, func() (bool, error) {
				state, _ = containerState(c, id)
				return state == cri.ContainerState_CONTAINER_EXITED, nil
			})
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				running = append(running, fmt.Sprintf("%s: %s", id, state))
			} else {
				stopped++
			}
		})
		if len(running) > 0 {
			t.Fatalf("%d of %d evicted containers not exited: %s\nthe processes whose cgroup names %s, before:\n%s\n"+
				"after:\n%s\nthe escape handler's line: %s", len(running), len(evicted), strings.Join(running, ", "),
				evicted[0], before, processesOf(evicted[0]), e.line(evicted[0]))
		}
	})
	t.Run("should leave the containers it handled or reported before running", func(t *T) {
		for _, id := range append(append([]string{}, handled...), down...) {
			if state, err := containerState(c, id); err != nil || state != cri.ContainerState_CONTAINER_RUNNING {
				t.Fatalf("container %s: %s %v, want running", id, state, err)
			}
		}
	})
	figure(t, "downtime (%s): created while down: %d, reported: %d (downtime), false positives: %d, caught up"+
		" (memory limit %d MiB): %d; evicted: %d reported, %d of %d stopped, false positives: %d",
		c.Name(), len(down), reported, falsePositives, catchUpLimit>>20, caughtUp, reportedAgain-len(down),
		stopped, len(evicted), falseAgain)
}

// runPods runs n pods, each with a running container "app", three at a time, and returns the
// containers' ids; the pods are removed with the case, also three at a time.
func runPods(t *T, c Runtime, name string, n int) []string {
	var mu sync.Mutex
	var pods []*Pod
	var ids, failures []string
	names := make([]string, n)
	for i := range names {
		names[i] = name
	}
	forEach(names, func(name string) {
		pod, err := c.RunPod(name, map[string]string{prefix + "adjust": name,
			prefix + "memory-limit": strconv.Itoa(memoryLimit)})
		var id string
		if err == nil {
			id, err = pod.RunContainer("app")
		}
		mu.Lock()
		defer mu.Unlock()
		if pod != nil {
			pods = append(pods, pod)
		}
		if err != nil {
			failures = append(failures, err.Error())
		} else {
			ids = append(ids, id)
		}
	})
	t.Cleanup(func() { removePods(t, pods) })
	if len(failures) > 0 {
		t.Fatalf("%d of %d pods %s not running, first: %s", len(failures), n, name, failures[0])
	}
	return ids
}

// removePods removes pods, three at a time.
func removePods(t *T, pods []*Pod) {
	forEach(pods, func(pod *Pod) {
		if err := pod.Remove(); err != nil {
			t.Logf("removing pod %s: %v", pod.Name(), err)
		}
	})
}

// forEach calls f for each item, three at a time, and returns when every call has.
func forEach[E any](items []E, f func(E)) {
	work := make(chan E)
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for item := range work {
				f(item)
			}
		}()
	}
	for _, item := range items {
		work <- item
	}
	close(work)
	wg.Wait()
}

// stopPlugin stops an instance with SIGTERM, as a kubelet does.
func stopPlugin(t *T, p *Plugin) {
	if _, err := p.Terminate(30 * time.Second); err != nil {
		t.Fatalf("%v", err)
	}
}

// awaitReports waits until each container of want is reported and the reports have settled
// (an unexpected one would come in the same round), and returns every report so far.
func awaitReports(t *T, e *enforcing, want []string) map[string][]string {
	var got map[string][]string
	err := poll(pluginTimeout, func() (bool, error) {
		var err error
		got, err = e.reported()
		return err == nil && countMissing(got, want) == 0, err
	})
	if err == nil {
		got, err = e.awaitQuiet(time.Second, pluginTimeout)
	}
	if err != nil {
		t.Fatalf("%d of %d containers created while the plugin was down not reported: %v (reported: %v)",
			countMissing(got, want), len(want), err, got)
	}
	return got
}

func countMissing(got map[string][]string, want []string) int {
	n := 0
	for _, id := range want {
		if len(got[id]) == 0 {
			n++
		}
	}
	return n
}

// requireReported fails unless exactly the containers of want were reported, each once, as
// downtime; it sets how many of want were, and how many others (false positives).
func requireReported(t *T, got map[string][]string, want []string, reported, others *int) {
	wanted := map[string]bool{}
	for _, id := range want {
		wanted[id] = true
	}
	var wrong, extra []string
	for id, causes := range got {
		if !wanted[id] {
			if len(causes) == 1 && causes[0] == "PREEXISTING" {
				t.Logf("older than the plugin's first registration: %s", id)
				continue
			}
			extra = append(extra, fmt.Sprintf("%s %v", id, causes))
			continue
		}
		*reported++
		if len(causes) != 1 || causes[0] != "DOWNTIME" {
			wrong = append(wrong, fmt.Sprintf("%s %v", id, causes))
		}
	}
	*others = len(extra)
	sort.Strings(extra)
	if len(extra) > 0 {
		t.Fatalf("%d containers reported that were not created while the plugin was down: %s", len(extra),
			strings.Join(extra, ", "))
	}
	if len(wrong) > 0 {
		t.Fatalf("reported more than once or not as DOWNTIME: %s", strings.Join(wrong, ", "))
	}
}

// processesOf lists, for failure messages, the processes whose cgroup names the container.
func processesOf(id string) string {
	entries, _ := os.ReadDir("/proc")
	var lines []string
	for _, e := range entries {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		cgroup, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cgroup"))
		if err != nil || !strings.Contains(string(cgroup), id) {
			continue
		}
		comm, _ := os.ReadFile(filepath.Join("/proc", e.Name(), "comm"))
		for _, line := range strings.Split(string(cgroup), "\n") {
			if strings.Contains(line, id) {
				lines = append(lines, fmt.Sprintf("%s %s %s", e.Name(), strings.TrimSpace(string(comm)), line))
				break
			}
		}
	}
	return strings.Join(lines, "\n")
}
