package harness

import (
	"context"
	"net"

	"github.com/containerd/nri/pkg/api"
	"github.com/containerd/nri/pkg/net/multiplex"
	"github.com/containerd/ttrpc"
)

// PluginConn is a plugin's connection as a runtime made of upstream's mux and ttrpc packages
// holds it, for what the runtime library never does (send Shutdown, configure before answering
// RegisterPlugin): a client of the plugin's service on conn 1, and a server on conn 2.
type PluginConn struct {
	Conn   net.Conn
	Client *ttrpc.Client
	Plugin api.PluginService
	mux    multiplex.Mux
	rl     net.Listener
	srv    *ttrpc.Server
}

// OpenPluginConn sets up the mux on an accepted plugin connection. Serve starts answering
// the plugin, so that everything the runtime service needs is in place first.
func OpenPluginConn(conn net.Conn, opts ...ttrpc.ClientOpts) (*PluginConn, error) {
	// Reads wait until Serve: the mux drops frames for conns not yet open, and a plugin sends
	// RegisterPlugin on conn 2 as soon as it has connected. The runtime library does the same.
	mux := multiplex.Multiplex(conn, multiplex.WithBlockedRead())
	pconn, err := mux.Open(multiplex.PluginServiceConn)
	if err != nil {
		mux.Close()
		return nil, err
	}
	client := ttrpc.NewClient(pconn, opts...)
	c := &PluginConn{Conn: conn, Client: client, Plugin: api.NewPluginClient(client), mux: mux}
	if c.rl, err = mux.Listen(multiplex.RuntimeServiceConn); err == nil {
		c.srv, err = ttrpc.NewServer()
	}
	if err != nil {
		client.Close()
		mux.Close()
		return nil, err
	}
	return c, nil
}

// Serve answers the plugin's calls on conn 2 with runtime.
func (c *PluginConn) Serve(runtime api.RuntimeService) {
	api.RegisterRuntimeService(c.srv, runtime)
	go c.srv.Serve(context.Background(), c.rl)
	c.mux.Unblock()
}

// Close ends the connection.
func (c *PluginConn) Close() {
	c.srv.Close()
	c.Client.Close()
	c.mux.Close()
	c.mux.Unblock() // lets a reader that never started see the close
}

// Shutdown sends Shutdown; a reason goes in field 1 as in the draft's ShutdownRequest, which
// a KeyValue's key matches on the wire.
func (c *PluginConn) Shutdown(ctx context.Context, reason string) error {
	return c.Client.Call(ctx, "nri.pkg.api.v1alpha1.Plugin", "Shutdown", &api.KeyValue{Key: reason}, &api.Empty{})
}
