package harness

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Java runs the plugins' JVMs.
type Java struct {
	Binary  string
	JVMArgs []string
}

// Plugin is an external plugin process: a Spring Boot jar started as a DaemonSet starts it.
type Plugin struct {
	Name string
	Port int // management (HTTP) port
	cmd  *exec.Cmd
	mu   sync.Mutex
	out  []string
	done chan struct{}
	code int
}

// StartJar starts `java -jar jar` against the runtime's NRI socket, its HTTP port free.
func (j Java) StartJar(name, jar, socket string, args ...string) (*Plugin, error) {
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	argv := append(append([]string{}, j.JVMArgs...), "-jar", jar, "--nri.socket-path="+socket,
		// Instances share a directory beside the socket, not the host's /var/run/nri4j.
		"--nri.instances.directory="+filepath.Join(filepath.Dir(socket), "instances"),
		fmt.Sprintf("--server.port=%d", port), "--server.address=127.0.0.1",
		// A restarted runtime is back within seconds: do not back off beyond that.
		"--nri.reconnect.max-backoff=1s")
	argv = append(argv, args...)
	p := &Plugin{Name: name, Port: port, cmd: exec.Command(j.Binary, argv...), done: make(chan struct{})}
	r, w := io.Pipe()
	p.cmd.Stdout, p.cmd.Stderr = w, w
	if err := p.cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		s := bufio.NewScanner(r)
		s.Buffer(make([]byte, 64*1024), 1024*1024)
		for s.Scan() {
			p.mu.Lock()
			p.out = append(p.out, s.Text())
			p.mu.Unlock()
		}
	}()
	go func() {
		p.cmd.Wait()
		w.Close()
		p.mu.Lock()
		p.code = p.cmd.ProcessState.ExitCode()
		if ws, ok := p.cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			p.code = 128 + int(ws.Signal())
		}
		p.mu.Unlock()
		close(p.done)
	}()
	return p, nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// Lines is the plugin's output so far.
func (p *Plugin) Lines() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.out...)
}

// Output is the end of the plugin's output, for failure messages.
func (p *Plugin) Output(n int) string { return tail(strings.Join(p.Lines(), "\n"), n) }

// AwaitLines waits until at least n lines of the output contain s, and returns them.
func (p *Plugin) AwaitLines(s string, n int, timeout time.Duration) ([]string, error) {
	var found []string
	err := poll(timeout, func() (bool, error) {
		found = nil
		for _, l := range p.Lines() {
			if strings.Contains(l, s) {
				found = append(found, l)
			}
		}
		if len(found) >= n {
			return true, nil
		}
		if p.Exited() {
			return false, fmt.Errorf("plugin %s exited with %d", p.Name, p.ExitCode())
		}
		return false, nil
	})
	if err != nil {
		return nil, fmt.Errorf("%d lines with %q: %w\n%s", n, s, err, p.Output(30))
	}
	return found, nil
}

// Readiness is the status /actuator/health/readiness reports ("UP", "DOWN", ...), or an error.
func (p *Plugin) Readiness() (string, error) {
	c := http.Client{Timeout: 5 * time.Second}
	rsp, err := c.Get(fmt.Sprintf("http://127.0.0.1:%d/actuator/health/readiness", p.Port))
	if err != nil {
		return "", err
	}
	defer rsp.Body.Close()
	var body struct{ Status string }
	if err := json.NewDecoder(rsp.Body).Decode(&body); err != nil {
		return "", fmt.Errorf("readiness (HTTP %d): %w", rsp.StatusCode, err)
	}
	return body.Status, nil
}

// AwaitReadiness waits until readiness reports want (or, with want "!UP", anything but UP).
func (p *Plugin) AwaitReadiness(want string, timeout time.Duration) (string, error) {
	var last string
	err := poll(timeout, func() (bool, error) {
		if p.Exited() {
			return false, fmt.Errorf("plugin %s exited with %d", p.Name, p.ExitCode())
		}
		status, err := p.Readiness()
		if err != nil {
			last = err.Error()
			return false, nil
		}
		last = status
		if want == "!UP" {
			return status != "UP", nil
		}
		return status == want, nil
	})
	if err != nil {
		return last, fmt.Errorf("readiness %s (last: %s): %w\n%s", want, last, err, p.Output(30))
	}
	return last, nil
}

// Exited reports whether the process has ended.
func (p *Plugin) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// ExitCode is the process's exit code (128+signal if a signal ended it).
func (p *Plugin) ExitCode() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.code
}

// Terminate sends SIGTERM, as a kubelet does, and waits for the exit; SIGKILL after timeout.
func (p *Plugin) Terminate(timeout time.Duration) (int, error) {
	return p.signal(syscall.SIGTERM, timeout)
}

// Kill sends sig and waits for the exit; SIGKILL after timeout.
func (p *Plugin) Kill(sig syscall.Signal, timeout time.Duration) error {
	_, err := p.signal(sig, timeout)
	return err
}

func (p *Plugin) signal(sig syscall.Signal, timeout time.Duration) (int, error) {
	if !p.Exited() {
		p.cmd.Process.Signal(sig)
	}
	select {
	case <-p.done:
		return p.ExitCode(), nil
	case <-time.After(timeout):
		p.cmd.Process.Kill()
		<-p.done
		return p.ExitCode(), fmt.Errorf("plugin %s did not stop within %s of %s", p.Name, timeout, sig)
	}
}

// poll calls f every 100 ms until it reports done or an error, or until timeout.
func poll(timeout time.Duration, f func() (bool, error)) error {
	return pollEvery(100*time.Millisecond, timeout, f)
}
