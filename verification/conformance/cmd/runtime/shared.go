//go:build !nri_v011

package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/containerd/nri/pkg/api"
)

// shared is what outlives a runtime instance, so that it holds across kill and start: the
// state plugins are synchronized with, how unsolicited updates are answered, and the count of
// synchronizations.
type shared struct {
	out *output

	mu         sync.Mutex
	pods       []*api.PodSandbox
	containers []*api.Container
	failed     map[string]bool

	synced     int           // plugins synchronized so far
	sinceStart int           // plugins synchronized since the runtime last started
	awaited    int           // synchronizations awaitSynchronized has handed out
	changed    chan struct{} // closed and replaced when synced grows
}

func newShared(out *output) *shared {
	return &shared{out: out, changed: make(chan struct{})}
}

func (s *shared) setState(pods []*api.PodSandbox, containers []*api.Container) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pods, s.containers = pods, containers
}

func (s *shared) state() ([]*api.PodSandbox, []*api.Container) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.pods, s.containers
}

func (s *shared) setUpdateReply(failedIDs []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failed = map[string]bool{}
	for _, id := range failedIDs {
		s.failed[id] = true
	}
}

// unsolicited tells the test about updates a plugin sent on its own, and returns those the
// runtime reports as failed.
func (s *shared) unsolicited(updates []*api.ContainerUpdate) []*api.ContainerUpdate {
	encoded := make([][]byte, 0, len(updates))
	for _, u := range updates {
		encoded = append(encoded, encode(u))
	}
	s.out.notify("updates", result{"updates": encoded})
	s.mu.Lock()
	defer s.mu.Unlock()
	var failed []*api.ContainerUpdate
	for _, u := range updates {
		if s.failed[u.ContainerId] {
			failed = append(failed, u)
		}
	}
	return failed
}

// synchronized counts a plugin that completed Synchronize and now receives events.
func (s *shared) synchronized() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.synced++
	s.sinceStart++
	close(s.changed)
	s.changed = make(chan struct{})
}

// started begins a new runtime instance: no plugin is synchronized with it yet.
func (s *shared) started() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sinceStart = 0
}

// awaitPlugins waits until at least count plugins have synchronized with the running instance,
// and returns how many have. Unlike awaitSynchronized it hands nothing out: every caller that
// asks for a count already reached returns at once.
func (s *shared) awaitPlugins(count int, timeout time.Duration) (int, error) {
	return s.waitFor(timeout, func() (int, bool) { return s.sinceStart, s.sinceStart >= count },
		func() error {
			return fmt.Errorf("%d of %d plugins synchronized with the runtime within %s", s.sinceStart, count, timeout)
		})
}

// awaitSynchronized hands out the next synchronization not handed out before, waiting for it
// if there is none yet, and returns how many there were in all.
func (s *shared) awaitSynchronized(timeout time.Duration) (int, error) {
	return s.waitFor(timeout, func() (int, bool) {
		if s.synced > s.awaited {
			s.awaited++
			return s.synced, true
		}
		return 0, false
	}, func() error { return fmt.Errorf("no plugin synchronized within %s", timeout) })
}

// waitFor calls done under the lock each time the count of synchronizations grows, until it
// says so or the timeout passes; timedOut, also under the lock, says why it did not happen.
func (s *shared) waitFor(timeout time.Duration, done func() (int, bool), timedOut func() error) (int, error) {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		if n, ok := done(); ok {
			s.mu.Unlock()
			return n, nil
		}
		changed := s.changed
		s.mu.Unlock()
		select {
		case <-changed:
		case <-deadline.C:
			s.mu.Lock()
			defer s.mu.Unlock()
			if n, ok := done(); ok {
				return n, nil
			}
			return 0, timedOut()
		}
	}
}
