package harness

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Java is how to start the conformance plugin (verification/conformance/src/main/java), set by the driver.
type Java struct {
	Binary    string
	Classpath string
	JVMArgs   []string
}

// PluginMainClass is the conformance plugin's entry point.
const PluginMainClass = "io.nri4j.conformance.ConformancePlugin"

// command is the command line, binary first, that runs mainClass from classpath with args.
func (j Java) command(classpath, mainClass string, args ...string) []string {
	cmd := append([]string{j.Binary}, j.JVMArgs...)
	cmd = append(cmd, "-cp", classpath, mainClass)
	return append(cmd, args...)
}

// PluginOptions select the conformance plugin's identity and behaviour.
type PluginOptions struct {
	Name, Idx     string
	Events        string   // --events, upstream event names; empty for all
	FailurePolicy string   // --failure-policy
	Socket        string   // overrides the runtime's socket
	Args          []string // more arguments
	JVMArgs       []string // more JVM arguments, after the harness's
}

// Plugin is a running conformance plugin and the reports it wrote.
type Plugin struct {
	FullName string
	cmd      *exec.Cmd
	stderr   *lockedBuffer
	exited   chan struct{}
	exitCode int

	mu       sync.Mutex
	reports  []Line
	consumed []bool
	changed  chan struct{}
}

// Line is one JSON line the plugin wrote: {"kind": ..., "event": ..., ...}.
type Line map[string]interface{}

// Kind and the other accessors read fields of a report.
func (r Line) Kind() string  { return r.Str("kind") }
func (r Line) Event() string { return r.Str("event") }
func (r Line) Str(k string) string {
	if v, ok := r[k].(string); ok {
		return v
	}
	return ""
}
func (r Line) Int(k string) int64 {
	if v, ok := r[k].(float64); ok {
		return int64(v)
	}
	return -1
}
func (r Line) Bool(k string) bool { v, _ := r[k].(bool); return v }
func (r Line) Strings(k string) []string {
	var out []string
	if list, ok := r[k].([]interface{}); ok {
		for _, v := range list {
			out = append(out, fmt.Sprint(v))
		}
	}
	return out
}

// StartPlugin starts the conformance plugin against rt; it is killed when t ends.
func (h *Harness) StartPlugin(t *T, rt *Runtime, o PluginOptions) *Plugin {
	var args []string
	socket := o.Socket
	if socket == "" && rt != nil {
		socket = rt.Socket
	}
	if socket != "" {
		args = append(args, "--socket", socket)
	}
	args = append(args, "--name", o.Name, "--idx", o.Idx)
	if o.Events != "" {
		args = append(args, "--events", o.Events)
	}
	if o.FailurePolicy != "" {
		args = append(args, "--failure-policy", o.FailurePolicy)
	}
	args = append(args, o.Args...)
	java := h.Java
	java.JVMArgs = append(slices.Clone(java.JVMArgs), o.JVMArgs...)
	cmd := java.command(java.Classpath, PluginMainClass, args...)
	return h.startProcess(t, o.Idx+"-"+o.Name, exec.Command(cmd[0], cmd[1:]...))
}

func (h *Harness) startProcess(t *T, name string, cmd *exec.Cmd) *Plugin {
	p := newPlugin(name, cmd)
	cmd.Stderr = p.stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatalf("plugin %s: %v", name, err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("plugin %s: cannot start %s: %v", name, cmd.Path, err)
	}
	go p.read(stdout)
	t.Cleanup(func() {
		p.stop()
		if t.Failed() {
			t.Logf("plugin %s reports:\n%s", name, p.dump())
			t.Logf("plugin %s stderr:\n%s", name, tail(p.stderr.String(), 60))
		}
	})
	return p
}

// newPlugin is a plugin not yet reading its reports; cmd is nil when the runtime runs it.
func newPlugin(name string, cmd *exec.Cmd) *Plugin {
	return &Plugin{FullName: name, cmd: cmd, stderr: &lockedBuffer{}, exited: make(chan struct{}),
		changed: make(chan struct{})}
}

func (p *Plugin) read(stdout io.Reader) {
	scanner := bufio.NewScanner(stdout)
	scanner.Buffer(make([]byte, 64*1024), 16<<20)
	for scanner.Scan() {
		line := scanner.Bytes()
		var r Line
		if err := json.Unmarshal(line, &r); err != nil {
			p.stderr.Write(append(append([]byte("stdout: "), line...), '\n'))
			continue
		}
		p.mu.Lock()
		p.reports = append(p.reports, r)
		p.consumed = append(p.consumed, false)
		close(p.changed)
		p.changed = make(chan struct{})
		p.mu.Unlock()
	}
	if p.cmd != nil {
		p.exitCode = exitCode(p.cmd.Wait())
	} else {
		p.exitCode = -1 // run by the runtime; its exit status is the runtime's
	}
	close(p.exited)
}

// Await consumes and returns the first report not yet consumed that matches, waiting for it.
func (p *Plugin) Await(t *T, timeout time.Duration, what string, match func(Line) bool) Line {
	deadline := time.After(timeout)
	for {
		r, changed := p.take(match)
		if r != nil {
			return r
		}
		select {
		case <-changed:
		case <-p.exited:
			// The reader closes exited only after it has added its last report: one more look
			// sees them all.
			if r, _ := p.take(match); r != nil {
				return r
			}
			t.Fatalf("plugin %s exited (code %d) before reporting %s", p.FullName, p.exitCode, what)
		case <-deadline:
			t.Fatalf("plugin %s did not report %s within %s", p.FullName, what, timeout)
		}
	}
}

// take consumes the first report not yet consumed that matches, if any. It also returns the
// channel closed at the next report, read under the same lock so that no report slips between.
func (p *Plugin) take(match func(Line) bool) (Line, <-chan struct{}) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, r := range p.reports {
		if !p.consumed[i] && match(r) {
			p.consumed[i] = true
			return r, p.changed
		}
	}
	return nil, p.changed
}

// AwaitStub waits for a stub milestone: Connected, Registered, Configured, Synchronized,
// ShutdownRequested, Disconnected.
func (p *Plugin) AwaitStub(t *T, event string) Line {
	return p.Await(t, 15*time.Second, "stub event "+event, func(r Line) bool {
		return r.Kind() == "stub" && r.Event() == event
	})
}

// AwaitHandler waits for the plugin's report that its handler for event ran.
func (p *Plugin) AwaitHandler(t *T, event string) Line {
	return p.Await(t, 10*time.Second, "handler "+event, func(r Line) bool {
		return r.Kind() == "handler" && r.Event() == event
	})
}

// Handled returns every handler report so far, consumed or not.
func (p *Plugin) Handled() []Line { return p.reportsOf("handler") }

// Milestones returns the names of the stub milestones reported so far, in order.
func (p *Plugin) Milestones() []string {
	var names []string
	for _, r := range p.reportsOf("stub") {
		names = append(names, r.Event())
	}
	return names
}

func (p *Plugin) reportsOf(kind string) []Line {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []Line
	for _, r := range p.reports {
		if r.Kind() == kind {
			out = append(out, r)
		}
	}
	return out
}

// AwaitExit waits for the process to end and returns its exit code.
func (p *Plugin) AwaitExit(t *T, timeout time.Duration) int {
	select {
	case <-p.exited:
		return p.exitCode
	case <-time.After(timeout):
		t.Fatalf("plugin %s still running after %s", p.FullName, timeout)
		return -1
	}
}

// Stderr is what the plugin logged.
func (p *Plugin) Stderr() string { return p.stderr.String() }

// AwaitStderr waits until the plugin has logged text: its log and its reports come through two
// pipes, so a line logged before a report may still be on its way when the report is read.
func (p *Plugin) AwaitStderr(t *T, text string) {
	for deadline := time.Now().Add(15 * time.Second); !strings.Contains(p.Stderr(), text); {
		if time.Now().After(deadline) {
			t.Fatalf("plugin %s did not log %q; it logged:\n%s", p.FullName, text, tail(p.Stderr(), 30))
		}
		<-time.After(10 * time.Millisecond)
	}
}

func (p *Plugin) stop() {
	select {
	case <-p.exited:
		return
	default:
	}
	_ = p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.exited
}

func (p *Plugin) dump() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var sb strings.Builder
	for _, r := range p.reports {
		b, _ := json.Marshal(r)
		if len(b) > 400 {
			b = append(b[:400], "..."...)
		}
		sb.Write(b)
		sb.WriteByte('\n')
	}
	return sb.String()
}

func exitCode(err error) int {
	if err == nil {
		return 0
	}
	if ee, ok := err.(*exec.ExitError); ok {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return ee.ExitCode()
	}
	return -1
}

func tail(s string, lines int) string {
	parts := strings.Split(s, "\n")
	if len(parts) > lines {
		parts = parts[len(parts)-lines:]
	}
	return strings.Join(parts, "\n")
}

type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
