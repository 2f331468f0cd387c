package harness

import (
	"context"
	"os"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	cri "k8s.io/cri-api/pkg/apis/runtime/v1"
)

// criProcess is a runtime's daemon (containerd, CRI-O), stopped and started again by the cases,
// and its CRI connection, which outlives the restarts.
type criProcess struct {
	mu   sync.Mutex
	proc *daemon
	conn *grpc.ClientConn
}

// start launches the daemon and waits until its CRI runtime service answers on socket.
func (p *criProcess) start(c *CRI, socket string, timeout time.Duration, launch func() (*daemon, error)) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	d, err := launch()
	if err != nil {
		return err
	}
	p.proc = d
	if p.conn == nil {
		conn, err := grpc.NewClient("unix://"+socket, grpc.WithTransportCredentials(insecure.NewCredentials()))
		if err != nil {
			return err
		}
		p.conn, c.RT = conn, cri.NewRuntimeServiceClient(conn)
	}
	return d.await(timeout, func() error {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, err := c.RT.Version(ctx, &cri.VersionRequest{})
		return err
	})
}

// stop ends the daemon with SIGTERM (SIGKILL after timeout); shims, conmon and containers live on.
func (p *criProcess) stop(timeout time.Duration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.proc != nil {
		p.proc.stop(timeout)
		p.proc = nil
	}
}

func (p *criProcess) close() {
	if p.conn != nil {
		p.conn.Close()
	}
}

func readLog(path string) string {
	data, _ := os.ReadFile(path)
	return string(data)
}
