//go:build !nri_v011

package main

import (
	"context"
	"errors"
	"log"
	"sync"

	"github.com/containerd/nri/pkg/api"
	"github.com/nri4j/nri4j/verification/conformance/harness"
)

// draftConn is one plugin connection of the draft runtime, and the Runtime service it serves
// to that plugin.
type draftConn struct {
	*harness.PluginConn
	d          *draft
	registered sync.Once
	closing    sync.Once
	// Guarded by d.mu.
	name   string // <index>-<name>, once registered
	synced bool
	gone   bool
}

// RegisterPlugin answers, then configures and synchronizes the plugin, as the library does.
func (c *draftConn) RegisterPlugin(_ context.Context, req *api.RegisterPluginRequest) (*api.Empty, error) {
	first := false
	c.registered.Do(func() { first = true })
	if !first {
		return nil, errors.New("plugin already registered")
	}
	name := req.PluginIdx + "-" + req.PluginName
	c.d.mu.Lock()
	c.name = name
	c.d.mu.Unlock()
	go c.handshake(name)
	return &api.Empty{}, nil
}

func (c *draftConn) handshake(name string) {
	cfg := c.d.cfg
	ctx, cancel := context.WithTimeout(context.Background(), cfg.requestTimeout)
	defer cancel()
	_, err := c.Plugin.Configure(ctx, &api.ConfigureRequest{
		RuntimeName: cfg.name, RuntimeVersion: cfg.version,
		RegistrationTimeout: cfg.registrationTimeout.Milliseconds(),
		RequestTimeout:      cfg.requestTimeout.Milliseconds(),
		NRIVersion:          draftNRIVersion,
	})
	if err == nil {
		pods, containers := c.d.s.state()
		sctx, scancel := context.WithTimeout(context.Background(), cfg.requestTimeout)
		defer scancel()
		_, err = c.Plugin.Synchronize(sctx, &api.SynchronizeRequest{Pods: pods, Containers: containers})
	}
	if err != nil {
		log.Printf("runtime: plugin %s: handshake failed, closing its connection: %v", name, err)
		c.close()
		return
	}
	log.Printf("runtime: plugin %s connected and synchronized", name)
	c.d.synchronized(c)
}

// UpdateContainers answers unsolicited updates as setUpdateReply says.
func (c *draftConn) UpdateContainers(_ context.Context, req *api.UpdateContainersRequest) (*api.UpdateContainersResponse, error) {
	return &api.UpdateContainersResponse{Failed: c.d.s.unsolicited(req.Update)}, nil
}

func (c *draftConn) close() {
	c.closing.Do(func() {
		c.Close()
		c.d.forget(c)
	})
}
