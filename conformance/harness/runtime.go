package harness

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/containerd/nri/pkg/adaptation"
	"github.com/containerd/nri/pkg/api"
	"github.com/containerd/ttrpc"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"
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
	if opts.Name == "" {
		opts.Name, opts.Version = "containerd", DefaultRuntimeVersion
	}
	if opts.RequestTimeout == 0 {
		opts.RequestTimeout = adaptation.DefaultPluginRequestTimeout
	}
	if opts.RegistrationTimeout == 0 {
		opts.RegistrationTimeout = adaptation.DefaultPluginRegistrationTimeout
	}
	dir := t.TempDir()
	rt := &Runtime{
		Socket:      filepath.Join(dir, "nri.sock"),
		PluginDir:   filepath.Join(dir, "plugins"),
		ConfigDir:   filepath.Join(dir, "conf.d"),
		opts:        opts,
		synced:      make(chan []*api.ContainerUpdate, 16),
		Unsolicited: make(chan []*api.ContainerUpdate, 16),
		Calls:       &CallLog{},
	}
	require.NoError(t, os.MkdirAll(rt.PluginDir, 0o755))
	require.NoError(t, os.MkdirAll(rt.ConfigDir, 0o755))

	adaptation.SetPluginRequestTimeout(opts.RequestTimeout)
	adaptation.SetPluginRegistrationTimeout(opts.RegistrationTimeout)
	t.Cleanup(func() {
		adaptation.SetPluginRequestTimeout(adaptation.DefaultPluginRequestTimeout)
		adaptation.SetPluginRegistrationTimeout(adaptation.DefaultPluginRegistrationTimeout)
	})

	var err error
	listen := rt.Socket
	if opts.Killable {
		listen = filepath.Join(dir, "runtime.sock")
	}
	options := append([]adaptation.Option{
		adaptation.WithSocketPath(listen),
		adaptation.WithPluginPath(rt.PluginDir),
		adaptation.WithPluginConfigPath(rt.ConfigDir),
		adaptation.WithTTRPCOptions(
			[]ttrpc.ClientOpts{ttrpc.WithUnaryClientInterceptor(rt.Calls.clientInterceptor)},
			[]ttrpc.ServerOpt{ttrpc.WithUnaryServerInterceptor(rt.Calls.serverInterceptor)}),
	}, versionOptions(rt)...)
	rt.R, err = adaptation.New(opts.Name, opts.Version, rt.syncFn, rt.updateFn, options...)
	require.NoError(t, err)
	if opts.BeforeStart != nil {
		opts.BeforeStart(rt)
	}
	require.NoError(t, rt.R.Start())
	rt.started = true
	t.Cleanup(rt.R.Stop)
	if opts.Killable {
		rt.proxy = startProxy(t, rt.Socket, listen)
		t.Cleanup(rt.proxy.kill)
	}
	return rt
}

// syncFn hands the runtime's pods and containers to a connecting plugin.
func (rt *Runtime) syncFn(ctx context.Context, cb adaptation.SyncCB) error {
	rt.lock.Lock()
	defer rt.lock.Unlock()
	updates, err := cb(ctx, rt.opts.Pods, rt.opts.Containers)
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

// AwaitSynced waits until a connecting external plugin is synchronized and receives events,
// and returns the updates it sent in its Synchronize reply.
func (rt *Runtime) AwaitSynced(t *T, timeout time.Duration) []*api.ContainerUpdate {
	select {
	case updates := <-rt.synced:
		// The library adds the plugin to its list after syncFn returns; BlockPluginSync
		// waits for that.
		rt.R.BlockPluginSync().Unblock()
		return updates
	case <-time.After(timeout):
		t.Fatalf("no plugin synchronized within %s", timeout)
		return nil
	}
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

// Locked runs f the way containerd runs a CRI operation that calls plugins: under its lock.
func (rt *Runtime) Locked(f func()) {
	rt.lock.Lock()
	defer rt.lock.Unlock()
	f()
}

// CreateContainer calls the plugins for a new container.
func (rt *Runtime) CreateContainer(pod *api.PodSandbox, ctr *api.Container) (rsp *api.CreateContainerResponse, err error) {
	rt.Locked(func() {
		rsp, err = rt.R.CreateContainer(context.Background(), &api.CreateContainerRequest{
			Pod: pod, Container: proto.Clone(ctr).(*api.Container)})
	})
	return rsp, err
}

// UpdateContainer calls the plugins for a resource update.
func (rt *Runtime) UpdateContainer(pod *api.PodSandbox, ctr *api.Container, res *api.LinuxResources) (rsp *api.UpdateContainerResponse, err error) {
	rt.Locked(func() {
		rsp, err = rt.R.UpdateContainer(context.Background(), &api.UpdateContainerRequest{
			Pod: pod, Container: ctr, LinuxResources: res})
	})
	return rsp, err
}

// StopContainer calls the plugins for a stopping container.
func (rt *Runtime) StopContainer(pod *api.PodSandbox, ctr *api.Container) (rsp *api.StopContainerResponse, err error) {
	rt.Locked(func() {
		rsp, err = rt.R.StopContainer(context.Background(), &api.StopContainerRequest{Pod: pod, Container: ctr})
	})
	return rsp, err
}

// UpdatePodSandbox calls the plugins for a pod resource update.
func (rt *Runtime) UpdatePodSandbox(pod *api.PodSandbox) (err error) {
	rt.Locked(func() {
		_, err = rt.R.UpdatePodSandbox(context.Background(), &api.UpdatePodSandboxRequest{Pod: pod,
			LinuxResources: &api.LinuxResources{Cpu: &api.LinuxCPU{Shares: api.UInt64(uint64(512))}}})
	})
	return err
}

// Event delivers one of the 13 lifecycle events by its upstream name, e.g. "StartContainer".
func (rt *Runtime) Event(name string, pod *api.PodSandbox, ctr *api.Container) error {
	var err error
	rt.Locked(func() {
		switch name {
		case "CreateContainer":
			_, err = rt.R.CreateContainer(context.Background(), &api.CreateContainerRequest{
				Pod: pod, Container: proto.Clone(ctr).(*api.Container)})
		case "UpdateContainer":
			_, err = rt.R.UpdateContainer(context.Background(), &api.UpdateContainerRequest{
				Pod: pod, Container: ctr, LinuxResources: &api.LinuxResources{}})
		case "StopContainer":
			_, err = rt.R.StopContainer(context.Background(), &api.StopContainerRequest{Pod: pod, Container: ctr})
		case "UpdatePodSandbox":
			_, err = rt.R.UpdatePodSandbox(context.Background(), &api.UpdatePodSandboxRequest{Pod: pod,
				LinuxResources: &api.LinuxResources{}})
		default:
			err = notify(rt.R, name, pod, ctr)
		}
	})
	return err
}

// LifecycleEvents are the 13 events, in the order a pod and its container live through them.
var LifecycleEvents = []string{
	"RunPodSandbox", "UpdatePodSandbox", "PostUpdatePodSandbox",
	"CreateContainer", "PostCreateContainer", "StartContainer", "PostStartContainer",
	"UpdateContainer", "PostUpdateContainer", "StopContainer", "RemoveContainer",
	"StopPodSandbox", "RemovePodSandbox",
}

// IsPodEvent tells pod events from container events.
func IsPodEvent(name string) bool { return strings.Contains(name, "PodSandbox") }
