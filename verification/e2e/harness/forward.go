package harness

import (
	"io"
	"net"
	"os"
	"sync"
)

// Forwarder copies every connection it accepts to a new connection of its own dialing, both
// ways. A pathname Unix socket is reachable from any network namespace that sees the file:
// a TCP listener on 127.0.0.1 in one namespace forwarded to it, and the socket forwarded to
// 127.0.0.1 of another, join two loopbacks without a link between the namespaces.
type Forwarder struct {
	l    net.Listener
	dial func() (net.Conn, error)
	wg   sync.WaitGroup
}

// ForwardUnixToTCP listens on the Unix socket path and forwards to the TCP address addr.
func ForwardUnixToTCP(path, addr string) (*Forwarder, error) {
	os.Remove(path)
	l, err := net.Listen("unix", path)
	if err != nil {
		return nil, err
	}
	return forward(l, func() (net.Conn, error) { return net.Dial("tcp", addr) }), nil
}

// ForwardTCPToUnix listens on the TCP address addr and forwards to the Unix socket path.
func ForwardTCPToUnix(addr, path string) (*Forwarder, error) {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	return forward(l, func() (net.Conn, error) { return net.Dial("unix", path) }), nil
}

func forward(l net.Listener, dial func() (net.Conn, error)) *Forwarder {
	f := &Forwarder{l: l, dial: dial}
	f.wg.Add(1)
	go f.serve()
	return f
}

func (f *Forwarder) serve() {
	defer f.wg.Done()
	for {
		in, err := f.l.Accept()
		if err != nil {
			return
		}
		go func() {
			defer in.Close()
			out, err := f.dial()
			if err != nil {
				return
			}
			defer out.Close()
			done := make(chan struct{})
			go func() { io.Copy(out, in); closeWrite(out); close(done) }()
			io.Copy(in, out)
			closeWrite(in)
			<-done
		}()
	}
}

// closeWrite passes an end of stream on, so that a request or response body read to its end
// finishes on the other side too.
func closeWrite(c net.Conn) {
	if cw, ok := c.(interface{ CloseWrite() error }); ok {
		cw.CloseWrite()
	}
}

// Close stops accepting; connections under way end with their peers.
func (f *Forwarder) Close() {
	f.l.Close()
	f.wg.Wait()
}
