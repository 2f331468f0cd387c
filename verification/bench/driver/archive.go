package driver

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"syscall"
	"time"

	"github.com/nri4j/nri4j/verification/conformance/harness"
)

// Archive is a class archive written by a training run and used by every later start: an AOT
// cache on JDK 25 and later (JEP 483/514), a dynamic CDS archive before.
type Archive struct {
	write, use string
}

// ArchiveFor picks the archive flags for j's release; the archive is file.
func ArchiveFor(j Java, file string) (Archive, error) {
	out, err := exec.Command(j.Binary, "-version").CombinedOutput()
	if err != nil {
		return Archive{}, fmt.Errorf("%s -version: %w", j.Binary, err)
	}
	m := regexp.MustCompile(`version "(\d+)`).FindSubmatch(out)
	if m == nil {
		return Archive{}, fmt.Errorf("%s -version: no version in %q", j.Binary, out)
	}
	if major, _ := strconv.Atoi(string(m[1])); major >= 25 {
		return Archive{"-XX:AOTCacheOutput=" + file, "-XX:AOTCache=" + file}, nil
	}
	return Archive{"-XX:ArchiveClassesAtExit=" + file, "-XX:SharedArchiveFile=" + file}, nil
}

// Writing and Using are j with the archive's flags added.
func (a Archive) Writing(j Java) Java { return j.with(a.write) }
func (a Archive) Using(j Java) Java   { return j.with(a.use) }

func (j Java) with(arg string) Java {
	return Java{Binary: j.Binary, JVMArgs: append(append([]string{}, j.JVMArgs...), arg), Env: j.Env}
}

// Trainings: how a training run exercises a plugin before its JVM writes the archive.
const (
	// TrainWithCalls connects the plugin to a runtime and sends it calls (Train).
	TrainWithCalls = "calls"
	// TrainToRefresh starts a Spring Boot plugin until its context is refreshed, as Spring Boot's
	// own image builds train an archive (TrainedToRefresh): no runtime, no calls, no web server.
	TrainToRefresh = "refresh"
)

// refreshExit is the property with which Spring Boot's image builds train: the JVM halts once the
// application's context is refreshed, before any of its lifecycle starts.
const refreshExit = "-Dspring.context.exit=onRefresh"

// TrainedToRefresh runs kind, a Spring Boot plugin built from j's archive-writing JVM by newKind,
// as an image build's training run does: until the JVM halts at its refreshed context.
func TrainedToRefresh(j Java, newKind func(Java) Kind, out string) error {
	kind := newKind(j.with(refreshExit))
	dir, err := os.MkdirTemp("", "nri-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	logPath := logFile(out, kind.Name, "training", 0)
	log, err := os.Create(logPath)
	if err != nil {
		return err
	}
	defer log.Close()
	// No runtime listens: the plugin never gets as far as dialling it.
	cmd := kind.Command(filepath.Join(dir, "nri.sock"), 0)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s training: %w", kind.Name, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			return fmt.Errorf("%s training to its refreshed context: %w; see %s", kind.Name, err, logPath)
		}
		return nil
	case <-time.After(120 * time.Second):
		_ = cmd.Process.Kill()
		<-exited
		return fmt.Errorf("%s training: not at its refreshed context after 120 s; see %s", kind.Name, logPath)
	}
}

// Train runs kind through calls CreateContainer/StartContainer pairs, and its probes until each
// has passed once, then ends it with SIGTERM so that the JVM writes its archive on the way out.
func Train(kind Kind, calls int, out string) error {
	s, err := spawn(kind, harness.RuntimeOptions{}, logFile(out, kind.Name, "training", 0), 120*time.Second)
	if err != nil {
		return err
	}
	defer s.close()
	s.probe(kind)
	pod := harness.Pod("training-pod", nil)
	for i := 0; i < calls; i++ {
		ctr := harness.Ctr(pod, fmt.Sprintf("training-ctr-%d", i%64))
		rsp, err := s.rt.CreateContainer(pod, ctr)
		if err != nil {
			return fmt.Errorf("%s training: %w", kind.Name, err)
		}
		annotate(ctr, rsp)
		if err := s.rt.Event("StartContainer", pod, ctr); err != nil {
			return fmt.Errorf("%s training: %w", kind.Name, err)
		}
	}
	// The archive holds what serving the probes loads, as it holds what the calls load.
	if s.probes != nil {
		select {
		case <-s.probes.answered:
		case <-time.After(60 * time.Second):
		}
		if _, err := s.probed(kind); err != nil {
			return fmt.Errorf("training: %w", err)
		}
	}
	s.rt.R.Stop()
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-s.exited:
		s.exited <- err
		return nil
	case <-time.After(120 * time.Second):
		return fmt.Errorf("%s training: still running 120 s after SIGTERM; see %s", kind.Name,
			filepath.Join(out, kind.Name+"-training-0.log"))
	}
}
