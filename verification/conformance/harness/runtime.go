package harness

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/containerd/nri/pkg/adaptation"
	"github.com/containerd/nri/pkg/api"
	"github.com/containerd/ttrpc"
	"github.com/stretchr/testify/require"
)

// RuntimeOptions shape the runtime a scenario plays.
type RuntimeOptions struct {
	Name, Version       string        // reported to plugins; default containerd DefaultRuntimeVersion
	RequestTimeout      time.Duration // default: upstream's 2 s
	RegistrationTimeout time.Duration // default: upstream's 5 s
	Pods                []*api.PodSandbox
	Containers          []*api.Container
	// UpdateReply answers unsolicited updates; by default none fail.
	UpdateReply func([]*api.ContainerUpdate) []*api.ContainerUpdate
	// BeforeStart runs before the runtime starts, e.g. to install launched plugins.
	BeforeStart func(rt *Runtime)
	// Killable puts the socket behind a proxy so that Kill can drop the connections.
	Killable bool
	// Socket is where plugins connect; by default a socket in the runtime's directory.
	Socket string
	// Unrecorded leaves Calls empty: recording copies every payload, which a benchmark must not
	// pay for (nor keep 100,000 calls in memory).
	Unrecorded bool
	// OnSync, if set, learns how long each plugin's Synchronize took, split replies included.
	OnSync func(took time.Duration)
}

// Runtime is the upstream runtime library (pkg/adaptation), as containerd and CRI-O embed it,
// on a socket of its own, with interceptors that record every ttrpc call in both directions.
type Runtime struct {
	R           *adaptation.Adaptation
	Socket      string
	PluginDir   string
	ConfigDir   string
	opts        RuntimeOptions
	lock        sync.Mutex // what containerd holds while it calls plugins and applies updates
	started     bool
	synced      chan []*api.ContainerUpdate
	Unsolicited chan []*api.ContainerUpdate
	Calls       *CallLog
	proxy       *proxy
}

// NewRuntime creates and starts a runtime; it stops when t ends.
func NewRuntime(t *T, opts RuntimeOptions) *Runtime {
	dir := t.TempDir()
	t.Cleanup(func() {
		adaptation.SetPluginRequestTimeout(adaptation.DefaultPluginRequestTimeout)
		adaptation.SetPluginRegistrationTimeout(adaptation.DefaultPluginRegistrationTimeout)
	})
	rt, err := StartRuntime(dir, opts)
	require.NoError(t, err)
	t.Cleanup(rt.R.Stop)
	if rt.proxy != nil {
		t.Cleanup(rt.proxy.kill)
	}
	return rt
}

// StartRuntime creates and starts a runtime that keeps its files in dir, for callers without a
// T; Kill stops it. The library's timeouts are process-wide: they stay set when it stops.
func StartRuntime(dir string, opts RuntimeOptions) (*Runtime, error) {
	if opts.Name == "" {
		opts.Name, opts.Version = "containerd", DefaultRuntimeVersion
	}
	if opts.RequestTimeout == 0 {
		opts.RequestTimeout = adaptation.DefaultPluginRequestTimeout
	}
	if opts.RegistrationTimeout == 0 {
		opts.RegistrationTimeout = adaptation.DefaultPluginRegistrationTimeout
	}
	rt := &Runtime{
		Socket:      opts.Socket,
		PluginDir:   filepath.Join(dir, "plugins"),
		ConfigDir:   filepath.Join(dir, "conf.d"),
		opts:        opts,
		synced:      make(chan []*api.ContainerUpdate, 16),
		Unsolicited: make(chan []*api.ContainerUpdate, 16),
		Calls:       &CallLog{},
	}
	if rt.Socket == "" {
		rt.Socket = filepath.Join(dir, "nri.sock")
	}
	for _, d := range []string{rt.PluginDir, rt.ConfigDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}

	adaptation.SetPluginRequestTimeout(opts.RequestTimeout)
	adaptation.SetPluginRegistrationTimeout(opts.RegistrationTimeout)

	var err error
	listen := rt.Socket
	if opts.Killable {
		listen = filepath.Join(dir, "runtime.sock")
	}
	options := append([]adaptation.Option{
		adaptation.WithSocketPath(listen),
		adaptation.WithPluginPath(rt.PluginDir),
		adaptation.WithPluginConfigPath(rt.ConfigDir),
	}, versionOptions(rt)...)
	if !opts.Unrecorded {
		options = append(options, adaptation.WithTTRPCOptions(
			[]ttrpc.ClientOpts{ttrpc.WithUnaryClientInterceptor(rt.Calls.clientInterceptor)},
			[]ttrpc.ServerOpt{ttrpc.WithUnaryServerInterceptor(rt.Calls.serverInterceptor)}))
	}
	rt.R, err = adaptation.New(opts.Name, opts.Version, rt.syncFn, rt.updateFn, options...)
	if err != nil {
		return nil, err
	}
	if opts.BeforeStart != nil {
		opts.BeforeStart(rt)
	}
	if err := rt.R.Start(); err != nil {
		return nil, err
	}
	rt.started = true
	if opts.Killable {
		if rt.proxy, err = listenProxy(rt.Socket, listen); err != nil {
			rt.R.Stop()
			return nil, err
		}
	}
	return rt, nil
}

// syncFn hands the runtime's pods and containers to a connecting plugin.
func (rt *Runtime) syncFn(ctx context.Context, cb adaptation.SyncCB) error {
	rt.lock.Lock()
	defer rt.lock.Unlock()
	start := time.Now()
	updates, err := cb(ctx, rt.opts.Pods, rt.opts.Containers)
	if rt.opts.OnSync != nil && err == nil {
		rt.opts.OnSync(time.Since(start))
	}
	if err == nil && rt.started {
		rt.synced <- updates
	}
	return err
}

// updateFn applies unsolicited updates under the runtime lock, as containerd does.
func (rt *Runtime) updateFn(_ context.Context, updates []*api.ContainerUpdate) ([]*api.ContainerUpdate, error) {
	rt.lock.Lock()
	defer rt.lock.Unlock()
	rt.Unsolicited <- updates
	if rt.opts.UpdateReply != nil {
		return rt.opts.UpdateReply(updates), nil
	}
	return nil, nil
}

// SetState changes the pods and containers that plugins synchronizing from now on are told of.
func (rt *Runtime) SetState(pods []*api.PodSandbox, containers []*api.Container) {
	rt.lock.Lock()
	defer rt.lock.Unlock()
	rt.opts.Pods, rt.opts.Containers = pods, containers
}

// NextSync waits until a connecting external plugin is synchronized and receives events, and
// returns the updates it sent in its Synchronize reply.
func (rt *Runtime) NextSync(ctx context.Context) ([]*api.ContainerUpdate, error) {
	select {
	case updates := <-rt.synced:
		// The library adds the plugin to its list after syncFn returns; BlockPluginSync
		// waits for that.
		rt.R.BlockPluginSync().Unblock()
		return updates, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// AwaitSynced is NextSync for a case: it fails t after timeout.
func (rt *Runtime) AwaitSynced(t *T, timeout time.Duration) []*api.ContainerUpdate {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	updates, err := rt.NextSync(ctx)
	if err != nil {
		t.Fatalf("no plugin synchronized within %s", timeout)
	}
	return updates
}

// AwaitUnsolicited waits for updates a plugin sent on its own.
func (rt *Runtime) AwaitUnsolicited(t *T, timeout time.Duration) []*api.ContainerUpdate {
	select {
	case updates := <-rt.Unsolicited:
		return updates
	case <-time.After(timeout):
		t.Fatalf("no UpdateContainers request within %s", timeout)
		return nil
	}
}
