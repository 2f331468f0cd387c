package harness

import (
	"context"
	"net"
	"path/filepath"
	"time"

	"github.com/containerd/nri/pkg/api"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

func (h *Harness) shutdown(t *T) {
	t.Run("should be told when the runtime goes away", func(t *T) {
		rt := NewRuntime(t, RuntimeOptions{Killable: true})
		p := h.Connect(t, rt, PluginOptions{Name: "orphan", Idx: "10", Events: "createcontainer"})
		rt.Kill()
		gone := p.AwaitStub(t, "Disconnected")
		require.Equal(t, "the runtime closed the connection", gone.Str("reason"))
		require.False(t, gone.Bool("local"))
		require.Equal(t, 0, p.AwaitExit(t, 10*time.Second))
	})

	t.Run("should receive Shutdown with the reason of the draft API", func(t *T) {
		mr, p := h.miniRuntime(t, nil)
		mr.handshake(t)
		require.NoError(t, mr.shutdown("other plugin instance registered"))
		require.Equal(t, "other plugin instance registered", p.AwaitHandler(t, "Shutdown").Str("reason"))
		require.Equal(t, "other plugin instance registered", p.AwaitStub(t, "ShutdownRequested").Str("reason"))
		mr.Conn.Close()
		gone := p.AwaitStub(t, "Disconnected")
		require.Equal(t, "other plugin instance registered", gone.Str("shutdownReason"))
		require.Equal(t, "the runtime shut the plugin down: other plugin instance registered", gone.Str("reason"))
	})

	t.Run("should receive today's empty Shutdown", func(t *T) {
		mr, p := h.miniRuntime(t, nil)
		mr.handshake(t)
		require.NoError(t, mr.shutdown(""))
		require.Equal(t, "", p.AwaitHandler(t, "Shutdown").Str("reason"))
	})

	t.Run("should answer Configure before its registration is answered, and tell its milestones in order", func(t *T) {
		// The runtime library configures a plugin from another goroutine while its
		// RegisterPlugin reply is on the way, so the reply may come last; a plugin that waits
		// for it before serving would deadlock here.
		configured := make(chan error, 1)
		_, p := h.miniRuntime(t, func(m *mini, ctx context.Context) {
			_, err := m.Plugin.Configure(ctx, &api.ConfigureRequest{RuntimeName: "mini", RuntimeVersion: "v1.0.0",
				RegistrationTimeout: 5000, RequestTimeout: 2000})
			if err == nil {
				_, err = m.Plugin.Synchronize(ctx, &api.SynchronizeRequest{})
			}
			configured <- err
		})
		select {
		case err := <-configured:
			require.NoError(t, err)
		case <-time.After(5 * time.Second):
			t.Fatalf("Configure and Synchronize were not answered while RegisterPlugin was pending")
		}
		p.AwaitStub(t, "Registered")
		p.AwaitStub(t, "Synchronized")
		require.Equal(t, []string{"Connected", "Registered", "Configured", "Synchronized"}, p.Milestones(),
			"registered before configured, whichever of the reply and Configure came first")
	})

	t.Run("should answer Unimplemented for unknown methods only", func(t *T) {
		mr, _ := h.miniRuntime(t, nil)
		mr.handshake(t)
		err := mr.Client.Call(context.Background(), "nri.pkg.api.v1alpha1.Plugin", "NoSuchMethod", &api.Empty{}, &api.Empty{})
		require.Equal(t, codes.Unimplemented, status.Code(err))
		require.Contains(t, err.Error(), "method NoSuchMethod")
		err = mr.Client.Call(context.Background(), "nri.pkg.api.v1alpha1.NoSuchService", "Configure", &api.Empty{}, &api.Empty{})
		require.Equal(t, codes.Unimplemented, status.Code(err))
		require.Contains(t, err.Error(), "service nri.pkg.api.v1alpha1.NoSuchService")
		for _, method := range []string{"RunPodSandbox", "UpdatePodSandbox", "PostUpdatePodSandbox", "StopPodSandbox",
			"RemovePodSandbox", "PostCreateContainer", "StartContainer", "PostStartContainer", "UpdateContainer",
			"PostUpdateContainer", "StopContainer", "RemoveContainer", "StateChange", "ValidateContainerAdjustment"} {
			err := mr.Client.Call(context.Background(), "nri.pkg.api.v1alpha1.Plugin", method, &api.Empty{}, &api.Empty{})
			require.NoError(t, err, "%s, handled or not, is served", method)
		}
	})
}

// mini is a runtime made of upstream's mux and ttrpc packages only, for what the runtime
// library never does: send Shutdown, or configure before answering RegisterPlugin.
type mini struct {
	*PluginConn
	registered chan struct{}
	onRegister func(m *mini, ctx context.Context)
}

func (m *mini) RegisterPlugin(ctx context.Context, _ *api.RegisterPluginRequest) (*api.Empty, error) {
	if m.onRegister != nil {
		m.onRegister(m, ctx)
	}
	close(m.registered)
	return &api.Empty{}, nil
}

func (m *mini) UpdateContainers(context.Context, *api.UpdateContainersRequest) (*api.UpdateContainersResponse, error) {
	return &api.UpdateContainersResponse{}, nil
}

func (h *Harness) miniRuntime(t *T, onRegister func(m *mini, ctx context.Context)) (*mini, *Plugin) {
	socket := filepath.Join(t.TempDir(), "nri.sock")
	l, err := net.Listen("unix", socket)
	require.NoError(t, err)
	t.Cleanup(func() { l.Close() })
	p := h.StartPlugin(t, nil, PluginOptions{Name: "mini", Idx: "10", Events: "createcontainer", Socket: socket})
	conn, err := l.Accept()
	require.NoError(t, err)
	pc, err := OpenPluginConn(conn)
	require.NoError(t, err)
	m := &mini{PluginConn: pc, registered: make(chan struct{}), onRegister: onRegister}
	pc.Serve(m)
	t.Cleanup(pc.Close)
	select {
	case <-m.registered:
	case <-time.After(timeoutConnect):
		t.Fatalf("the plugin did not register")
	}
	return m, p
}

func (m *mini) handshake(t *T) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	rsp, err := m.Plugin.Configure(ctx, &api.ConfigureRequest{RuntimeName: "mini", RuntimeVersion: "v1.0.0",
		RegistrationTimeout: 5000, RequestTimeout: 2000})
	require.NoError(t, err)
	require.NotZero(t, rsp.Events)
	_, err = m.Plugin.Synchronize(ctx, &api.SynchronizeRequest{})
	require.NoError(t, err)
}

// shutdown sends Shutdown with a reason.
func (m *mini) shutdown(reason string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return m.Shutdown(ctx, reason)
}
