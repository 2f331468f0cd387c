// Package charttests renders helm/nri-plugin with helm (built from the Go module proxy), decodes
// every object strictly into the Kubernetes and Prometheus Operator API types, checks what an
// operator relies on, and runs promtool's unit tests on the alerts the chart renders. It ends
// with the lines: chart: N passed, M failed; promtool: N alert tests passed (M alerts).
package charttests

import (
	"fmt"
	"os"
	"sort"
	"sync"
	"testing"
)

const chartDir = "../../helm/nri-plugin"

var helmBinary, promtoolBinary string

// promtoolSummary is the rules tests' line, printed after the chart's.
var promtoolSummary string

// results: every case's outcome, by name, for the summary line.
var (
	resultsMu sync.Mutex
	results   = map[string]bool{}
)

func TestMain(m *testing.M) {
	var err error
	if helmBinary, err = helmTool.ensure(); err == nil {
		promtoolBinary, err = promtoolTool.ensure()
	}
	if err != nil {
		fmt.Printf("chart: cannot run: %v\n", err)
		os.Exit(2)
	}
	code := m.Run()
	passed, failed := 0, []string{}
	for name, ok := range results {
		if ok {
			passed++
		} else {
			failed = append(failed, name)
		}
	}
	sort.Strings(failed)
	for _, name := range failed {
		fmt.Printf("chart: FAILED %s\n", name)
	}
	fmt.Printf("chart: %d passed, %d failed\n", passed, len(failed))
	if promtoolSummary != "" {
		fmt.Println(promtoolSummary)
	}
	if code == 0 && len(failed) > 0 {
		code = 1
	}
	os.Exit(code)
}

// check runs one case as a subtest and records its outcome.
func check(t *testing.T, name string, f func(t *testing.T)) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		t.Cleanup(func() {
			resultsMu.Lock()
			defer resultsMu.Unlock()
			results[t.Name()] = !t.Failed()
		})
		f(t)
	})
}
