package harness

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

// daemon is one process the harness runs (a runtime, etcd, a control-plane component, the
// kubelet), its output in a log file of its directory.
type daemon struct {
	name    string
	logFile string
	cmd     *exec.Cmd
	done    chan struct{}
}

func startDaemon(dir, name, binary string, args ...string) (*daemon, error) {
	return startDaemonEnv(dir, name, nil, binary, args...)
}

// startDaemonEnv is startDaemon with the environment env (nil: this process's).
func startDaemonEnv(dir, name string, env []string, binary string, args ...string) (*daemon, error) {
	logFile := filepath.Join(dir, name+".log")
	log, err := os.OpenFile(logFile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(binary, args...)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		log.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	d := &daemon{name: name, logFile: logFile, cmd: cmd, done: make(chan struct{})}
	go func() { cmd.Wait(); log.Close(); close(d.done) }()
	return d, nil
}

func (d *daemon) exited() bool {
	select {
	case <-d.done:
		return true
	default:
		return false
	}
}

// stop sends SIGTERM and waits, SIGKILL after timeout.
func (d *daemon) stop(timeout time.Duration) {
	if d.exited() {
		return
	}
	d.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-d.done:
	case <-time.After(timeout):
		d.cmd.Process.Kill()
		<-d.done
	}
}

func (d *daemon) logTail(lines int) string {
	return tail(readLog(d.logFile), lines)
}

// await polls ready until it holds, failing early if the daemon exits.
func (d *daemon) await(timeout time.Duration, ready func() error) error {
	var last error
	err := poll(timeout, func() (bool, error) {
		if d.exited() {
			return false, fmt.Errorf("%s exited: %s", d.name, d.logTail(20))
		}
		last = ready()
		return last == nil, nil
	})
	if err != nil {
		return fmt.Errorf("%s not ready: %w (last: %v)\n%s", d.name, err, last, d.logTail(20))
	}
	return nil
}
