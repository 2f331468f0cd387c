package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nri4j/nri4j/verification/e2e/harness"
)

func TestPlan(t *testing.T) {
	names := func(steps []step) []string {
		var out []string
		for _, s := range steps {
			out = append(out, s.what)
		}
		return out
	}
	t.Run("should list the suites' builds in the order they need them, the node's containerd once", func(t *testing.T) {
		got := names(plan("v2.1.9, v2.4.2", "v1.34.0", true))
		want := []string{"Debian packages", "containerd v2.1.9", "containerd v2.4.2", "CRI-O v1.34.0",
			"Kubernetes " + harness.DefaultKubernetes, "etcd " + harness.DefaultEtcd,
			"registry " + harness.DefaultRegistry, "Prometheus " + harness.DefaultPrometheus}
		if harness.DefaultNodeContainerd != "v2.4.2" {
			t.Fatalf("the case assumes the node runs containerd v2.4.2, not %s", harness.DefaultNodeContainerd)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("plan = %q, want %q", got, want)
		}
	})
	t.Run("should leave out the node's builds and take no CRI-O when told", func(t *testing.T) {
		got := names(plan("v2.2.0", "", false))
		if want := []string{"Debian packages", "containerd v2.2.0"}; !reflect.DeepEqual(got, want) {
			t.Fatalf("plan = %q, want %q", got, want)
		}
	})
}

// module makes a directory with scripts/ holding the given scripts, makes it the working
// directory and the cache ($NRI4J_CACHE) a directory of its own.
func module(t *testing.T, scripts map[string]string) string {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "scripts"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, body := range scripts {
		if err := os.WriteFile(filepath.Join(dir, "scripts", name), []byte("#!/bin/sh\nset -eu\n"+body), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	t.Setenv("NRI4J_CACHE", t.TempDir())
	return dir
}

// eventually polls cond every 20 ms until it holds, failing after 30 s.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("not within 30 s: %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// logFile is where a step writes while the test reads, as the real log is a file.
func logFile(t *testing.T) (*os.File, func() string) {
	f, err := os.Create(filepath.Join(t.TempDir(), "prebuild.log"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f, func() string {
		data, err := os.ReadFile(f.Name())
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
}

func TestRun(t *testing.T) {
	t.Run("should run every step in order, report one that failed and go on", func(t *testing.T) {
		dir := module(t, map[string]string{
			"a.sh": `echo "a $*" >>order`,
			"b.sh": `echo "b $*" >>order; echo "b broke" >&2; exit 3`,
			"c.sh": `echo "c $*" >>order`,
		})
		var out bytes.Buffer
		steps := []step{{"A", "a.sh", []string{"v1"}}, {"B", "b.sh", nil}, {"C", "c.sh", []string{"v2", "x"}}}
		if err := run(context.Background(), steps, &out); err != nil {
			t.Fatalf("run: %v", err)
		}
		order, err := os.ReadFile(filepath.Join(dir, "order"))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := string(order), "a v1\nb \nc v2 x\n"; got != want {
			t.Fatalf("the scripts ran as %q, want %q", got, want)
		}
		for _, line := range []string{"b broke", "prebuild: B failed after 0s (left to the suite): exit status 3",
			"prebuild: C in 0s", "prebuild: 3 builds, 1 failed, in "} {
			if !strings.Contains(out.String(), line) {
				t.Fatalf("output lacks %q:\n%s", line, out.String())
			}
		}
	})

	t.Run("should end the whole process group of the running step when stopped, and run no more", func(t *testing.T) {
		dir := module(t, map[string]string{
			// The script's child (as go and its compilers are) ends only if the group is signalled;
			// what it leaves in its temporary directory goes with it.
			"slow.sh": `echo "$TMPDIR" >tmp; touch "$TMPDIR/left"; sh -c 'echo $$ >child; exec sleep 300'`,
			"next.sh": `touch next-ran`,
		})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		out, read := logFile(t)
		go func() { done <- run(ctx, []step{{"slow", "slow.sh", nil}, {"next", "next.sh", nil}}, out) }()
		var child int
		eventually(t, "the step's child started", func() bool {
			data, err := os.ReadFile(filepath.Join(dir, "child"))
			child, _ = strconv.Atoi(strings.TrimSpace(string(data)))
			return err == nil && child > 0
		})
		cancel()
		select {
		case err := <-done:
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("run = %v, want context.Canceled", err)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("run did not return within 30 s of being stopped")
		}
		eventually(t, "the step's child ended", func() bool {
			return errors.Is(syscall.Kill(child, 0), syscall.ESRCH)
		})
		tmp, err := os.ReadFile(filepath.Join(dir, "tmp"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(strings.TrimSpace(string(tmp))); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("the step's temporary directory %s is still there (%v)", tmp, err)
		}
		if _, err := os.Stat(filepath.Join(dir, "next-ran")); err == nil {
			t.Fatal("the next step ran after the stop")
		}
		if !strings.Contains(read(), "prebuild: slow stopped after ") {
			t.Fatalf("output lacks the stop:\n%s", read())
		}
	})

	t.Run("should wait for a build another process holds, saying so, and run it after", func(t *testing.T) {
		dir := module(t, map[string]string{"build.sh": `touch built`})
		unlock, err := harness.LockBuild(context.Background(), "build.sh", []string{"v1"}, &bytes.Buffer{})
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		out, read := logFile(t)
		go func() { done <- run(context.Background(), []step{{"build", "build.sh", []string{"v1"}}}, out) }()
		eventually(t, "the step said it waits", func() bool {
			return strings.Contains(read(), "waiting for another process's build of build.sh-v1")
		})
		if _, err := os.Stat(filepath.Join(dir, "built")); err == nil {
			t.Fatal("the step ran while another process held its lock")
		}
		unlock()
		if err := <-done; err != nil {
			t.Fatalf("run: %v", err)
		}
		if _, err := os.Stat(filepath.Join(dir, "built")); err != nil {
			t.Fatalf("the step did not run once the lock was free: %v", err)
		}
	})
}
