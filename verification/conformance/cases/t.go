// Package cases runs nested test cases outside `go test` and counts them: shared by the
// conformance harness and the e2e suite against real runtimes.
package cases

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"
)

// T is one case or group of cases, in the manner of testing.T: scenarios nest with Run and
// fail through testify's require (T satisfies require.TestingT). A case is a T without
// sub-cases; only cases are counted.
type T struct {
	name     string
	parent   *T
	report   *Report
	mu       sync.Mutex
	failed   bool // this case or a sub-case failed
	own      bool // this case failed by itself, not through a sub-case
	skipped  bool
	subCases int
	output   []string
	cleanups []func()
}

// Report collects the outcome of every case.
type Report struct {
	mu       sync.Mutex
	Passed   int
	Failed   int
	Skipped  int
	Failures []string
	Verbose  bool
	Out      io.Writer // where the case lines go; standard output if nil
}

func (r *Report) out() io.Writer {
	if r.Out == nil {
		return os.Stdout
	}
	return r.Out
}

// Summary is a run's outcome as the harness writes it for a driver that runs one harness per
// runtime library version and adds their counts up.
type Summary struct {
	NRI      string   `json:"nri"`
	Passed   int      `json:"passed"`
	Failed   int      `json:"failed"`
	Skipped  int      `json:"skipped"`
	Failures []string `json:"failures"`
	Seconds  float64  `json:"seconds,omitempty"` // how long the run took
}

// NewRoot starts a tree of cases named name whose outcomes go to r.
func NewRoot(name string, r *Report) *T { return &T{name: name, report: r} }

// Run runs f as a sub-case and reports whether it passed.
func (t *T) Run(name string, f func(t *T)) bool {
	sub := &T{name: t.name + "/" + name, parent: t, report: t.report}
	t.mu.Lock()
	t.subCases++
	t.mu.Unlock()
	start := time.Now()
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer sub.runCleanups()
		defer func() {
			if r := recover(); r != nil {
				sub.log(fmt.Sprintf("panic: %v\n%s", r, debug.Stack()))
				sub.fail()
			}
		}()
		f(sub)
	}()
	<-done
	sub.finish(time.Since(start))
	if sub.Failed() {
		t.mu.Lock()
		t.failed = true
		t.mu.Unlock()
	}
	return !sub.Failed()
}

func (t *T) finish(elapsed time.Duration) {
	t.mu.Lock()
	leaf := t.subCases == 0
	failed, own, skipped, output := t.failed, t.own, t.skipped, t.output
	t.mu.Unlock()
	r := t.report
	if !leaf && !own {
		if failed && len(output) > 0 {
			r.mu.Lock()
			fmt.Fprintf(r.out(), "--- LOG: %s (its cases failed)\n", t.name)
			printOutput(r.out(), output)
			r.mu.Unlock()
		}
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case failed:
		// A failed case, or a group that failed in its own setup (groups get this far only
		// then): one failed case either way. A failure stands even if the case, or one of its
		// cleanups, skipped afterwards, as in go test.
		r.Failed++
		r.Failures = append(r.Failures, t.name)
		fmt.Fprintf(r.out(), "--- FAIL: %s (%.2fs)\n", t.name, elapsed.Seconds())
		printOutput(r.out(), output)
	case skipped:
		r.Skipped++
		fmt.Fprintf(r.out(), "--- SKIP: %s (%s)\n", t.name, strings.Join(output, "; "))
	default:
		r.Passed++
		fmt.Fprintf(r.out(), "--- PASS: %s (%.2fs)\n", t.name, elapsed.Seconds())
		if r.Verbose {
			printOutput(r.out(), output)
		}
	}
}

func printOutput(w io.Writer, lines []string) {
	for _, l := range lines {
		for _, part := range strings.Split(strings.TrimRight(l, "\n"), "\n") {
			fmt.Fprintf(w, "        %s\n", part)
		}
	}
}

// Name is the case's full path.
func (t *T) Name() string { return t.name }

// Errorf records a failure and goes on.
func (t *T) Errorf(format string, args ...interface{}) {
	t.log(fmt.Sprintf(format, args...))
	t.fail()
}

// FailNow ends the case.
func (t *T) FailNow() {
	t.fail()
	runtime.Goexit()
}

// Fatalf records a failure and ends the case.
func (t *T) Fatalf(format string, args ...interface{}) {
	t.Errorf(format, args...)
	t.FailNow()
}

// Skipf ends the case, counted as skipped unless it has failed already (then it stays failed).
func (t *T) Skipf(format string, args ...interface{}) {
	t.mu.Lock()
	t.skipped = true
	t.mu.Unlock()
	t.log(fmt.Sprintf(format, args...))
	runtime.Goexit()
}

// Logf adds a line to the case's output, shown when it fails.
func (t *T) Logf(format string, args ...interface{}) { t.log(fmt.Sprintf(format, args...)) }

// Helper exists for testify.
func (t *T) Helper() {}

// Failed reports whether the case has failed.
func (t *T) Failed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.failed
}

// Cleanup registers f to run when the case ends, last registered first.
func (t *T) Cleanup(f func()) {
	t.mu.Lock()
	t.cleanups = append(t.cleanups, f)
	t.mu.Unlock()
}

// TempDir returns a directory removed when the case ends. Kept short: Unix socket paths are
// limited to 108 bytes.
func (t *T) TempDir() string {
	dir, err := os.MkdirTemp("", "nri4j-")
	if err != nil {
		t.Fatalf("temp dir: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	return filepath.Clean(dir)
}

func (t *T) log(line string) {
	t.mu.Lock()
	t.output = append(t.output, line)
	t.mu.Unlock()
}

func (t *T) fail() {
	t.mu.Lock()
	t.failed = true
	t.own = true
	t.mu.Unlock()
}

// runCleanups runs the cleanups, last registered first. A cleanup that ends its goroutine
// (FailNow, Fatalf, Skipf) or panics does not keep the others from running; a panic fails the
// case.
func (t *T) runCleanups() {
	defer func() {
		if r := recover(); r != nil {
			t.log(fmt.Sprintf("panic in a cleanup: %v\n%s", r, debug.Stack()))
			t.fail()
		}
		t.mu.Lock()
		more := len(t.cleanups) > 0
		t.mu.Unlock()
		if more {
			t.runCleanups()
		}
	}()
	for {
		t.mu.Lock()
		n := len(t.cleanups)
		if n == 0 {
			t.mu.Unlock()
			return
		}
		f := t.cleanups[n-1]
		t.cleanups = t.cleanups[:n-1]
		t.mu.Unlock()
		f()
	}
}
