package harness

import (
	"fmt"
	"io"
	"net"
	"path/filepath"
	"testing"
)

// A request through TCP → Unix socket → TCP reaches the server, and its reply, ended by the
// server closing, comes back whole.
func TestForwardersJoinTwoLoopbacksThroughAUnixSocket(t *testing.T) {
	server, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer server.Close()
	go func() {
		for {
			c, err := server.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				in, _ := io.ReadAll(c)
				fmt.Fprintf(c, "got %q", in)
			}()
		}
	}()
	sock := filepath.Join(t.TempDir(), "s.sock")
	toTCP, err := ForwardUnixToTCP(sock, server.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer toTCP.Close()
	port, err := freePort()
	if err != nil {
		t.Fatal(err)
	}
	toUnix, err := ForwardTCPToUnix(fmt.Sprintf("127.0.0.1:%d", port), sock)
	if err != nil {
		t.Fatal(err)
	}
	defer toUnix.Close()

	c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "hello")
	c.(*net.TCPConn).CloseWrite()
	reply, err := io.ReadAll(c)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(reply), `got "hello"`; got != want {
		t.Fatalf("reply %q, want %q", got, want)
	}
}
