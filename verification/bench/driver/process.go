package driver

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"github.com/nri4j/nri4j/verification/conformance/harness"
)

// session is one fresh plugin process connected to a runtime of its own.
type session struct {
	rt       *harness.Runtime
	cmd      *exec.Cmd
	dir      string
	exited   chan error
	graceful bool
	port     int           // the plugin's web server's, if it has one
	probes   *prober       // asking the kind's Probes, once started
	Spawned  time.Duration // from starting the process to its first Synchronize done
	SyncTook time.Duration
}

// spawn starts a runtime in a new directory, then the plugin, and waits until the plugin is
// synchronized and receives events. logPath gets the plugin's stdout and stderr.
func spawn(kind Kind, opts harness.RuntimeOptions, logPath string, timeout time.Duration) (*session, error) {
	dir, err := os.MkdirTemp("", "nri-bench-")
	if err != nil {
		return nil, err
	}
	s := &session{dir: dir, exited: make(chan error, 1), graceful: kind.Graceful}
	opts.Unrecorded = true
	opts.OnSync = func(took time.Duration) { s.SyncTook = took }
	if s.rt, err = harness.StartRuntime(dir, opts); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	log, err := os.Create(logPath)
	if err != nil {
		s.close()
		return nil, err
	}
	defer log.Close()
	if kind.WebServer {
		if s.port, err = FreePort(); err != nil {
			s.close()
			return nil, err
		}
	}
	s.cmd = kind.Command(s.rt.Socket, s.port)
	s.cmd.Stdout, s.cmd.Stderr = log, log
	start := time.Now()
	if err := s.cmd.Start(); err != nil {
		s.close()
		return nil, fmt.Errorf("%s: %w", kind.Name, err)
	}
	go func() { s.exited <- s.cmd.Wait() }()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	synced := make(chan error, 1)
	go func() { _, err := s.rt.NextSync(ctx); synced <- err }()
	select {
	case err = <-synced:
	case err = <-s.exited:
		err = fmt.Errorf("exited before synchronizing (%v); see %s", err, logPath)
		s.exited <- err
	}
	if err != nil {
		s.close()
		return nil, fmt.Errorf("%s: %w", kind.Name, err)
	}
	s.Spawned = time.Since(start)
	return s, nil
}

func (s *session) pid() int { return s.cmd.Process.Pid }

// probe starts asking the kind's probes, if it has any; from the synchronization on, the calls
// beside them, as a node's kubelet and Prometheus begin while the runtime's requests come in.
func (s *session) probe(kind Kind) {
	if kind.Probes != nil {
		s.probes = startProbes(*kind.Probes, s.port)
	}
}

// probed stops the probes and says what they got; an error if one never passed.
func (s *session) probed(kind Kind) (ProbeCounts, error) {
	if s.probes == nil {
		return ProbeCounts{}, nil
	}
	c, err := s.probes.finish(*kind.Probes)
	s.probes = nil
	if err != nil {
		err = fmt.Errorf("%s: %w", kind.Name, err)
	}
	return c, err
}

// close stops the runtime and the plugin, and removes the runtime's directory.
func (s *session) close() {
	if s.probes != nil {
		close(s.probes.stop)
		<-s.probes.done
	}
	s.rt.R.Stop()
	if s.cmd != nil && s.cmd.Process != nil {
		if s.graceful {
			_ = s.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-s.exited:
				os.RemoveAll(s.dir)
				return
			case <-time.After(60 * time.Second):
			}
		}
		_ = s.cmd.Process.Signal(syscall.SIGKILL)
		<-s.exited
		// The socket a JVM opens for jcmd (-memory-dump), in /tmp whatever its java.io.tmpdir,
		// which only a JVM that exits on its own removes.
		_ = os.Remove(fmt.Sprintf("/tmp/.java_pid%d", s.cmd.Process.Pid))
	}
	os.RemoveAll(s.dir)
}

func logFile(out, kind, what string, round int) string {
	return filepath.Join(out, fmt.Sprintf("%s-%s-%d.log", kind, what, round))
}
