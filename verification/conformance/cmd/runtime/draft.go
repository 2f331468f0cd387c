//go:build !nri_v011

package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/containerd/nri/pkg/api"
	"github.com/containerd/ttrpc"
	"github.com/nri4j/nri4j/verification/conformance/harness"
	"google.golang.org/protobuf/proto"
)

// draftNRIVersion is what the draft runtime tells plugins in Configure.
const draftNRIVersion = "v0.12.5"

// shutdownGrace is how long the draft runtime lets a plugin have after Shutdown returned
// before it closes the connection.
const shutdownGrace = time.Second

// draft plays a runtime of the v1beta1 draft (containerd/nri PR #235) with upstream's mux and
// ttrpc packages: it registers, configures and synchronizes plugins as the library does, and
// can send them Shutdown with a reason.
type draft struct {
	cfg config
	s   *shared

	mu       sync.Mutex
	listener net.Listener // nil when killed
	conns    []*draftConn // in the order they connected
}

func newDraft(cfg config, s *shared) *draft {
	return &draft{cfg: cfg, s: s}
}

func (d *draft) mode() string { return "draft" }

func (d *draft) start() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.listener != nil {
		return errors.New("the runtime is already running")
	}
	// As the runtime library does with its socket.
	os.Remove(d.cfg.socket)
	if err := os.MkdirAll(filepath.Dir(d.cfg.socket), 0o700); err != nil {
		return err
	}
	l, err := net.Listen("unix", d.cfg.socket)
	if err != nil {
		return err
	}
	d.listener = l
	go d.accept(l)
	return nil
}

func (d *draft) accept(l net.Listener) {
	for {
		conn, err := l.Accept()
		if err != nil {
			return
		}
		c := &draftConn{d: d}
		pc, err := harness.OpenPluginConn(conn, ttrpc.WithOnClose(func() { d.forget(c) }))
		if err != nil {
			log.Printf("runtime: a plugin connection failed: %v", err)
			conn.Close()
			continue
		}
		c.PluginConn = pc
		if !d.track(l, c) {
			pc.Close()
			return
		}
		pc.Serve(c)
	}
}

// track adds a new connection unless the listener that accepted it was killed meanwhile.
func (d *draft) track(l net.Listener, c *draftConn) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.listener != l {
		return false
	}
	if !c.gone {
		d.conns = append(d.conns, c)
	}
	return true
}

func (d *draft) forget(c *draftConn) {
	d.mu.Lock()
	defer d.mu.Unlock()
	c.gone = true
	d.conns = slices.DeleteFunc(d.conns, func(e *draftConn) bool { return e == c })
}

func (d *draft) synchronized(c *draftConn) {
	d.mu.Lock()
	c.synced = true
	d.mu.Unlock()
	d.s.synchronized()
}

func (d *draft) kill() error {
	d.mu.Lock()
	l, conns := d.listener, d.conns
	d.listener, d.conns = nil, nil
	d.mu.Unlock()
	if l == nil {
		return errors.New("the runtime is not running")
	}
	l.Close()
	for _, c := range conns {
		c.close()
	}
	os.Remove(d.cfg.socket)
	return nil
}

func (d *draft) stop() {
	_ = d.kill()
}

func (d *draft) setState(pods []*api.PodSandbox, containers []*api.Container) {
	d.s.setState(pods, containers)
}

// createContainer calls CreateContainer of the plugin that synchronized last, the instance a
// draft runtime keeps; its reply is not merged with anything.
func (d *draft) createContainer(pod *api.PodSandbox, ctr *api.Container) (proto.Message, error) {
	var newest *draftConn
	var name string
	d.mu.Lock()
	for _, c := range d.conns {
		if c.synced {
			newest, name = c, c.name
		}
	}
	d.mu.Unlock()
	if newest == nil {
		return nil, errors.New("no plugin is synchronized")
	}
	ctx, cancel := context.WithTimeout(context.Background(), d.cfg.requestTimeout)
	defer cancel()
	rsp, err := newest.Plugin.CreateContainer(ctx, &api.CreateContainerRequest{Pod: pod, Container: ctr})
	if err != nil {
		return nil, operationError{fmt.Errorf("plugin %s: CreateContainer: %w", name, err)}
	}
	return rsp, nil
}

func (d *draft) ops() map[string]op {
	return map[string]op{"shutdown": d.shutdown}
}

// shutdown sends Shutdown with the reason to every connected plugin and closes each connection
// shutdownGrace after its call returned. It answers when every call has returned.
func (d *draft) shutdown(cmd *command) (result, error) {
	d.mu.Lock()
	conns := slices.Clone(d.conns)
	names := make([]string, len(conns))
	for i, c := range conns {
		names[i] = c.name
	}
	d.mu.Unlock()
	var wg sync.WaitGroup
	errs := make([]error, len(conns))
	for i, c := range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), d.cfg.requestTimeout)
			defer cancel()
			if err := c.Shutdown(ctx, cmd.Reason); err != nil {
				errs[i] = fmt.Errorf("plugin %q: Shutdown: %w", names[i], err)
			}
			time.AfterFunc(shutdownGrace, c.close)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, operationError{err}
	}
	return result{"plugins": len(conns)}, nil
}
