// Package imagetest reads back the OCI image that cmd/build wrote, verifies every blob, checks
// its entrypoint, user and layers, and runs it as a runtime would. It ends with one line:
// image: N passed, M failed, K skipped.
package imagetest

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"sync"
	"testing"
)

var (
	layoutDir = flag.String("layout", "target/image/layout", "the OCI image layout to inspect")
	jarFile   = flag.String("jar", "", "the Spring Boot jar the image was built from, which says what the image should hold")
	starts    = flag.Int("starts", 3, "how many starts with the class-data cache and without it to time, alternating")
)

var (
	resultsMu sync.Mutex
	results   = map[string]string{} // name: passed, failed or skipped
)

func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	counts := map[string]int{}
	var names []string
	for name := range results {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		counts[results[name]]++
		if results[name] != "passed" {
			fmt.Printf("image: %s %s\n", results[name], name)
		}
	}
	fmt.Printf("image: %d passed, %d failed, %d skipped\n", counts["passed"], counts["failed"], counts["skipped"])
	if code == 0 && counts["failed"] > 0 {
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
			switch {
			case t.Failed():
				results[t.Name()] = "failed"
			case t.Skipped():
				results[t.Name()] = "skipped"
			default:
				results[t.Name()] = "passed"
			}
		})
		f(t)
	})
}
