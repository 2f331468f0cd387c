// Command prebuild builds ahead of time what cmd/e2e and cmd/helm-e2e build on first use: the
// Debian packages, containerd and CRI-O releases, Kubernetes, etcd, the registry and Prometheus
// (scripts/, cached under ~/.cache/nri4j). The Maven build starts it in the background at its
// first step (scripts/prebuild.sh, at idle CPU and I/O priority), so that on a machine with empty
// caches these builds use the CPU the Java modules' tests leave idle instead of adding to the
// build's time. Each build holds its lock (harness.LockBuild): a suite that reaches one still
// being built waits for it, and one that could not be built is left to the suite, which builds it
// again and reports the failure. It ends when its builds are done, on SIGTERM or SIGINT, or when
// its parent (Maven) is gone, and ends the build it runs with it. One line per build:
//
//	prebuild: containerd v2.4.2 in 1m43s
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/nri4j/nri4j/verification/e2e/harness"
)

// step is one script of scripts/ with its arguments.
type step struct {
	what   string
	script string
	args   []string
}

func main() {
	releases := flag.String("releases", harness.DefaultContainerdReleases, "cmd/e2e's containerd releases, comma separated")
	crio := flag.String("crio", harness.DefaultCRIOReleases, "cmd/e2e's CRI-O releases, comma separated")
	noNode := flag.Bool("no-node", false, "not what cmd/helm-e2e's node needs (at its default releases)")
	parent := flag.Int("parent", os.Getppid(), "the process whose end ends this one (scripts/prebuild.sh: Maven)")
	flag.Parse()
	if reason := harness.ThisHost().MissingRuntimes(); reason != "" {
		fmt.Printf("prebuild: nothing to build (the suites will skip: %s)\n", reason)
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		fmt.Printf("prebuild: stopping (%s)\n", <-stopped(*parent))
		cancel()
	}()
	if run(ctx, plan(*releases, *crio, !*noNode), os.Stdout) != nil {
		os.Exit(1)
	}
}

// plan lists the builds in the order the suites need them. Helm is not among them: the chart's
// tests (verification/chart-tests) build it with go install into the same place, before the
// suites run.
func plan(releases, crio string, node bool) []step {
	steps := []step{{"Debian packages", "fetch-debs.sh", nil}}
	seen := map[string]bool{}
	containerd := split(releases)
	if node {
		containerd = append(containerd, harness.DefaultNodeContainerd)
	}
	for _, v := range containerd {
		if !seen[v] {
			seen[v] = true
			steps = append(steps, step{"containerd " + v, "build-containerd.sh", []string{v}})
		}
	}
	for _, v := range split(crio) {
		steps = append(steps, step{"CRI-O " + v, "build-crio.sh", []string{v}})
	}
	if node {
		steps = append(steps,
			step{"Kubernetes " + harness.DefaultKubernetes, "build-kubernetes.sh", []string{harness.DefaultKubernetes}},
			step{"etcd " + harness.DefaultEtcd, "build-etcd.sh", []string{harness.DefaultEtcd}},
			step{"registry " + harness.DefaultRegistry, "build-registry.sh", []string{harness.DefaultRegistry}},
			step{"Prometheus " + harness.DefaultPrometheus, "build-prometheus.sh", []string{harness.DefaultPrometheus}})
	}
	return steps
}

func split(list string) []string {
	var out []string
	for _, v := range strings.Split(list, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// run runs the steps one after another from the module's directory until ctx is done; a step
// that fails is reported and the next one runs. It returns ctx's error if it was stopped.
func run(ctx context.Context, steps []step, out io.Writer) error {
	start := time.Now()
	failed := 0
	for _, s := range steps {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		t := time.Now()
		if err := runStep(ctx, s, out); err != nil {
			if ctx.Err() != nil {
				fmt.Fprintf(out, "prebuild: %s stopped after %s\n", s.what, time.Since(t).Round(time.Second))
				return ctx.Err()
			}
			failed++
			fmt.Fprintf(out, "prebuild: %s failed after %s (left to the suite): %v\n", s.what, time.Since(t).Round(time.Second), err)
			continue
		}
		fmt.Fprintf(out, "prebuild: %s in %s\n", s.what, time.Since(t).Round(time.Second))
	}
	fmt.Fprintf(out, "prebuild: %d builds, %d failed, in %s\n", len(steps), failed, time.Since(start).Round(time.Second))
	return nil
}

// runStep runs one script in a process group of its own, holding its lock, with a temporary
// directory of its own (TMPDIR, and GOTMPDIR for go's work directories) that is removed after it.
// When ctx is done it ends the whole group (the script, go and the compilers), not only the script.
func runStep(ctx context.Context, s step, out io.Writer) error {
	unlock, err := harness.LockBuild(ctx, s.script, s.args, out)
	if err != nil {
		return err
	}
	defer unlock()
	tmp, err := os.MkdirTemp("", "nri4j-prebuild-")
	if err != nil {
		return err
	}
	// Whatever a killed build left there: go removes its work directory only when it exits itself.
	defer os.RemoveAll(tmp)
	cmd := exec.CommandContext(ctx, filepath.Join("scripts", s.script), s.args...)
	cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "GOTMPDIR="+tmp)
	cmd.Stdout, cmd.Stderr = out, out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	// TERM, not INT: a process started in the background may have INT ignored, and go ignores
	// nothing else. KILL after a grace period.
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }
	cmd.WaitDelay = 10 * time.Second
	err = cmd.Run()
	if cmd.Process != nil {
		// Whatever of the group outlived the script.
		if kerr := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL); kerr != nil && !errors.Is(kerr, syscall.ESRCH) {
			fmt.Fprintf(out, "prebuild: ending the processes of %s: %v\n", s.what, kerr)
		}
	}
	return err
}

// stopped delivers why the command should stop: a signal, or parent no longer its parent (Maven
// killed without a chance to end its background processes leaves it to init or a subreaper,
// possibly before this started).
func stopped(parent int) <-chan string {
	why := make(chan string, 1)
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for os.Getppid() == parent {
			select {
			case s := <-signals:
				why <- s.String()
				return
			case <-tick.C:
			}
		}
		why <- fmt.Sprintf("its parent, process %d, is gone", parent)
	}()
	return why
}
