package harness

import (
	"fmt"
	"sync"
	"time"
)

// gracefulStop: the plugin gets SIGTERM while pods are being created; none of them fails.
func (s *Suite) gracefulStop(t *T, c Runtime, r Release) {
	p := startPlugin(t, s, c, "e2e-adjuster", s.AdjusterJar)
	var mu sync.Mutex
	var created, adjusted int
	var failures []string
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				ok, adj, err := createOne(c)
				mu.Lock()
				if err != nil {
					failures = append(failures, err.Error())
				} else if ok {
					created++
					if adj {
						adjusted++
					}
				}
				mu.Unlock()
			}
		}()
	}
	count := func() int { mu.Lock(); defer mu.Unlock(); return created + len(failures) }
	awaitCount := func(n int) error {
		return poll(2*time.Minute, func() (bool, error) { return count() >= n, nil })
	}
	err := awaitCount(4)
	beforeStop := count()
	code, stopErr := p.Terminate(30 * time.Second)
	if err == nil {
		err = awaitCount(count() + 4)
	}
	close(stop)
	wg.Wait()

	t.Run("should stop within its shutdown timeout", func(t *T) {
		if stopErr != nil {
			t.Fatalf("%v", stopErr)
		}
		t.Logf("exit code %d after SIGTERM", code)
	})
	t.Run("should not fail any pod creation", func(t *T) {
		if err != nil {
			t.Fatalf("traffic stalled: %v (%d created)", err, count())
		}
		if len(failures) > 0 {
			t.Fatalf("%d of %d creations failed, first: %s", len(failures), count(), failures[0])
		}
		if adjusted == 0 {
			t.Fatalf("none of the %d containers created before SIGTERM was adjusted", beforeStop)
		}
		t.Logf("%d pods created, %d adjusted, SIGTERM after %d", created, adjusted, beforeStop)
	})
}

// createOne runs a pod with one created container, reports whether the plugin adjusted it,
// and removes the pod.
func createOne(c Runtime) (ok, adjusted bool, err error) {
	pod, err := c.RunPod("traffic", map[string]string{prefix + "adjust": "traffic"})
	if err != nil {
		return false, false, fmt.Errorf("RunPodSandbox: %w", err)
	}
	defer pod.Remove()
	id, err := pod.CreateContainer("app", "/bin/sleep", "3600")
	if err != nil {
		return false, false, fmt.Errorf("CreateContainer: %w", err)
	}
	spec, err := c.Spec(id)
	if err != nil {
		return false, false, err
	}
	for _, e := range spec.Process.Env {
		adjusted = adjusted || e == "E2E_ADJUSTED=traffic"
	}
	return true, adjusted, nil
}
