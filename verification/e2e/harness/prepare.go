package harness

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// CacheDir is where builds are kept between runs: $NRI4J_CACHE, or ~/.cache/nri4j.
func CacheDir() string {
	if d := os.Getenv("NRI4J_CACHE"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "nri4j")
}

// Script runs one of scripts/ (they cache what they make), from the module's directory, holding
// its build's lock (LockBuild): it waits for a build of the same thing ahead of time
// (cmd/prebuild), and then finds it made.
func Script(name string, args ...string) error {
	unlock, err := LockBuild(context.Background(), name, args, os.Stdout)
	if err != nil {
		return err
	}
	defer unlock()
	cmd := exec.Command(filepath.Join("scripts", name), args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	return cmd.Run()
}

// LockBuild takes the lock of one build of scripts/ (a file under CacheDir()/locks, held with
// flock, so that a killed holder releases it), waiting until ctx is done; it says so on out when
// another process holds it. The scripts build into a directory beside the cache and move it in
// place, so the one that waited finds the build whole.
func LockBuild(ctx context.Context, script string, args []string, out io.Writer) (unlock func(), err error) {
	dir := filepath.Join(CacheDir(), "locks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	key := strings.Join(append([]string{script}, args...), "-")
	f, err := os.OpenFile(filepath.Join(dir, key+".lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	// Polled, not blocking: a wait must end with ctx (cmd/prebuild told to stop).
	poll := time.NewTicker(500 * time.Millisecond)
	defer poll.Stop()
	for said := false; ; {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			return func() { f.Close() }, nil
		}
		if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EINTR) {
			f.Close()
			return nil, fmt.Errorf("locking %s: %w", f.Name(), err)
		}
		if !said {
			fmt.Fprintf(out, "waiting for another process's build of %s (%s; the Maven build's own is logged in target/e2e-prebuild/prebuild.log)\n", key, f.Name())
			said = true
		}
		select {
		case <-ctx.Done():
			f.Close()
			return nil, ctx.Err()
		case <-poll.C:
		}
	}
}

// BuildImages builds the pause binary (cmd/pause) into out and writes the pause image and the
// test image (around Debian's static busybox in debs) there as OCI archives.
func BuildImages(out, debs string) (pauseTar, testTar string, err error) {
	pause := filepath.Join(out, "pause")
	build := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", pause, "./cmd/pause")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		return "", "", err
	}
	return WriteImages(out, pause, filepath.Join(debs, "bin", "busybox"))
}

// Abs is p made absolute, or p if that fails.
func Abs(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return a
}
