//go:build !nri_v011

package main

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/containerd/nri/pkg/api"
	"github.com/nri4j/nri4j/verification/conformance/harness"
	"google.golang.org/protobuf/proto"
)

// library is the upstream runtime library as the harness plays it: behind a killable proxy,
// with the calls recorded and every operation under a containerd-like lock. Each start makes a
// new instance on the same socket, as a restarted containerd does.
type library struct {
	cfg config
	dir string // the instances' own files: the library's socket behind the proxy, plugin dirs
	s   *shared

	mu     sync.Mutex
	rt     *harness.Runtime // the running instance; nil when killed
	last   *harness.Runtime // the latest instance, running or not: its calls are the ones reported
	cancel context.CancelFunc
}

func newLibrary(cfg config, dir string, s *shared) *library {
	return &library{cfg: cfg, dir: dir, s: s}
}

func (l *library) mode() string { return "library" }

func (l *library) start() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.rt != nil {
		return errors.New("the runtime is already running")
	}
	pods, containers := l.s.state()
	rt, err := harness.StartRuntime(l.dir, harness.RuntimeOptions{
		Name: l.cfg.name, Version: l.cfg.version,
		RequestTimeout: l.cfg.requestTimeout, RegistrationTimeout: l.cfg.registrationTimeout,
		Pods: pods, Containers: containers,
		UpdateReply: l.s.unsolicited,
		Killable:    true, Socket: l.cfg.socket,
	})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	go l.watch(ctx, rt)
	l.rt, l.last, l.cancel = rt, rt, cancel
	return nil
}

// watch counts the instance's synchronizations until it is killed. The updates it queues were
// already reported by UpdateReply; they are drained so that the library never waits on a full
// queue.
func (l *library) watch(ctx context.Context, rt *harness.Runtime) {
	go func() {
		for {
			select {
			case <-rt.Unsolicited:
			case <-ctx.Done():
				return
			}
		}
	}()
	for {
		if _, err := rt.NextSync(ctx); err != nil {
			return
		}
		l.s.synchronized()
	}
}

func (l *library) kill() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.rt == nil {
		return errors.New("the runtime is not running")
	}
	l.cancel()
	l.rt.Kill()
	l.rt = nil
	return nil
}

func (l *library) stop() {
	_ = l.kill()
}

func (l *library) setState(pods []*api.PodSandbox, containers []*api.Container) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.s.setState(pods, containers)
	if l.rt != nil {
		l.rt.SetState(pods, containers)
	}
}

func (l *library) running() (*harness.Runtime, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.rt == nil {
		return nil, errors.New("the runtime is not running; start it first")
	}
	return l.rt, nil
}

func (l *library) createContainer(pod *api.PodSandbox, ctr *api.Container) (proto.Message, error) {
	rt, err := l.running()
	if err != nil {
		return nil, err
	}
	return operation(rt.CreateContainer(pod, ctr))
}

// operation marks the errors of a runtime operation as such.
func operation[M proto.Message](rsp M, err error) (proto.Message, error) {
	if err != nil {
		return nil, operationError{err}
	}
	return rsp, nil
}

func (l *library) ops() map[string]op {
	// withRuntime runs f on the running instance, with the command's pod and container.
	withRuntime := func(needContainer bool, f func(rt *harness.Runtime, c *command, pod *api.PodSandbox,
		ctr *api.Container) (proto.Message, error)) op {
		return func(c *command) (result, error) {
			pod, ctr, err := podAndContainer(c, needContainer)
			if err != nil {
				return nil, err
			}
			rt, err := l.running()
			if err != nil {
				return nil, err
			}
			rsp, err := f(rt, c, pod, ctr)
			if err != nil {
				return nil, err
			}
			return result{"result": encode(rsp)}, nil
		}
	}
	return map[string]op{
		"updateContainer": withRuntime(true, func(rt *harness.Runtime, c *command, pod *api.PodSandbox, ctr *api.Container) (proto.Message, error) {
			res, err := resources(c)
			if err != nil {
				return nil, err
			}
			return operation(rt.UpdateContainer(pod, ctr, res))
		}),
		"stopContainer": withRuntime(true, func(rt *harness.Runtime, _ *command, pod *api.PodSandbox, ctr *api.Container) (proto.Message, error) {
			return operation(rt.StopContainer(pod, ctr))
		}),
		"updatePodSandbox": withRuntime(false, func(rt *harness.Runtime, c *command, pod *api.PodSandbox, _ *api.Container) (proto.Message, error) {
			res, err := resources(c)
			if err != nil {
				return nil, err
			}
			return operation(rt.UpdatePodSandbox(pod, res))
		}),
		"event": func(c *command) (result, error) {
			if !harness.IsNotification(c.Name) {
				return nil, fmt.Errorf("%q is not one of the 9 notification events (CreateContainer, UpdateContainer, "+
					"StopContainer and UpdatePodSandbox have commands of their own)", c.Name)
			}
			pod, ctr, err := podAndContainer(c, !harness.IsPodEvent(c.Name))
			if err != nil {
				return nil, err
			}
			rt, err := l.running()
			if err != nil {
				return nil, err
			}
			if err := rt.Event(c.Name, pod, ctr); err != nil {
				return nil, operationError{err}
			}
			return nil, nil
		},
		"calls": func(*command) (result, error) { return result{"calls": l.calls()}, nil },
	}
}

// resources are the command's optional new resources; none means an empty LinuxResources.
func resources(c *command) (*api.LinuxResources, error) {
	if c.Resources == nil {
		return &api.LinuxResources{}, nil
	}
	return message(c.Resources, &api.LinuxResources{}, "resources")
}

// calls are those of the latest instance, since it started.
func (l *library) calls() []map[string]interface{} {
	l.mu.Lock()
	rt := l.last
	l.mu.Unlock()
	out := []map[string]interface{}{}
	if rt == nil {
		return out
	}
	for _, c := range rt.Calls.All() {
		call := map[string]interface{}{"method": c.Method, "toPlugin": c.ToPlugin}
		if c.Err != nil {
			call["error"] = c.Err.Error()
		}
		out = append(out, call)
	}
	return out
}
