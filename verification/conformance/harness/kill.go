package harness

import (
	"io"
	"net"
	"os"
	"path/filepath"
	"sync"
)

// The runtime library's Stop leaves external plugins connected; a runtime that dies does not.
// A killable runtime therefore listens behind a byte-for-byte proxy whose connections Kill
// drops, the way a crashing or restarting containerd drops them.
type proxy struct {
	listener net.Listener
	mu       sync.Mutex
	conns    []net.Conn
	closed   bool
}

// listenProxy forwards connections to front to back. Like the runtime library with its own
// socket, it replaces a stale socket file and creates the directory.
func listenProxy(front, back string) (*proxy, error) {
	os.Remove(front)
	if err := os.MkdirAll(filepath.Dir(front), 0o700); err != nil {
		return nil, err
	}
	l, err := net.Listen("unix", front)
	if err != nil {
		return nil, err
	}
	p := &proxy{listener: l}
	go func() {
		for {
			in, err := l.Accept()
			if err != nil {
				return
			}
			out, err := net.Dial("unix", back)
			if err != nil {
				in.Close()
				continue
			}
			if !p.track(in, out) {
				return
			}
			go pipe(in, out)
			go pipe(out, in)
		}
	}()
	return p, nil
}

func (p *proxy) track(conns ...net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		for _, c := range conns {
			c.Close()
		}
		return false
	}
	p.conns = append(p.conns, conns...)
	return true
}

func (p *proxy) kill() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return
	}
	p.closed = true
	p.listener.Close()
	for _, c := range p.conns {
		c.Close()
	}
}

func pipe(from, to net.Conn) {
	_, _ = io.Copy(to, from)
	to.Close()
	from.Close()
}

// Kill makes the runtime go away as a dying runtime does: connections drop, the socket goes.
func (rt *Runtime) Kill() {
	if rt.proxy != nil {
		rt.proxy.kill()
	}
	rt.R.Stop()
	os.Remove(rt.Socket)
}
