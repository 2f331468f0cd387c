//go:build !nri_v011

package main

import (
	"fmt"
	"time"

	"github.com/containerd/nri/pkg/api"
	"google.golang.org/protobuf/proto"
)

// backend is a runtime of one mode, which a test starts and kills any number of times.
type backend interface {
	mode() string
	start() error
	kill() error
	// setState records the state in s and hands it to a running instance.
	setState(pods []*api.PodSandbox, containers []*api.Container)
	createContainer(pod *api.PodSandbox, ctr *api.Container) (proto.Message, error)
	// ops are the commands only this mode has.
	ops() map[string]op
	// stop ends everything, at the end of stdin.
	stop()
}

type op func(c *command) (result, error)

type table struct {
	mode string
	ops  map[string]op
}

func (t table) run(c *command) (result, error) {
	f, ok := t.ops[c.Op]
	if !ok {
		return nil, fmt.Errorf("unknown op %q in %s mode", c.Op, t.mode)
	}
	return f(c)
}

// operations are the commands of every mode, and those of b's.
func operations(b backend, s *shared) table {
	ops := map[string]op{
		"start": func(*command) (result, error) {
			s.started() // before any plugin can synchronize with the new instance
			return nil, b.start()
		},
		"kill": func(*command) (result, error) { return nil, b.kill() },
		"setState": func(c *command) (result, error) {
			pods, err := messages(c.Pods, func() *api.PodSandbox { return &api.PodSandbox{} }, "pods")
			if err != nil {
				return nil, err
			}
			containers, err := messages(c.Containers, func() *api.Container { return &api.Container{} }, "containers")
			if err != nil {
				return nil, err
			}
			b.setState(pods, containers)
			return nil, nil
		},
		"awaitSynchronized": func(c *command) (result, error) {
			if c.TimeoutMs <= 0 {
				return nil, fmt.Errorf("\"timeoutMs\" must be positive")
			}
			n, err := s.awaitSynchronized(time.Duration(c.TimeoutMs) * time.Millisecond)
			return result{"synchronizations": n}, err
		},
		"awaitPlugins": func(c *command) (result, error) {
			if c.TimeoutMs <= 0 || c.Count <= 0 {
				return nil, fmt.Errorf("\"timeoutMs\" and \"count\" must be positive")
			}
			n, err := s.awaitPlugins(c.Count, time.Duration(c.TimeoutMs)*time.Millisecond)
			return result{"plugins": n}, err
		},
		"setUpdateReply": func(c *command) (result, error) {
			s.setUpdateReply(c.FailedIDs)
			return nil, nil
		},
		"createContainer": func(c *command) (result, error) {
			pod, ctr, err := podAndContainer(c, true)
			if err != nil {
				return nil, err
			}
			rsp, err := b.createContainer(pod, ctr)
			if err != nil {
				return nil, err
			}
			return result{"result": encode(rsp)}, nil
		},
	}
	for name, f := range b.ops() {
		ops[name] = f
	}
	return table{mode: b.mode(), ops: ops}
}

func podAndContainer(c *command, needContainer bool) (*api.PodSandbox, *api.Container, error) {
	pod, err := message(c.Pod, &api.PodSandbox{}, "pod")
	if err != nil {
		return nil, nil, err
	}
	if !needContainer && c.Container == nil {
		return pod, nil, nil
	}
	ctr, err := message(c.Container, &api.Container{}, "container")
	return pod, ctr, err
}

func messages[M proto.Message](encoded [][]byte, empty func() M, field string) ([]M, error) {
	out := make([]M, 0, len(encoded))
	for i, b := range encoded {
		m, err := message(b, empty(), fmt.Sprintf("%s[%d]", field, i))
		if err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}
