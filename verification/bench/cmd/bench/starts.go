package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/nri4j/nri4j/verification/bench/driver"
)

// startsOnly runs n fresh processes per kind, each stopped once synchronized, the kinds
// interleaved and each round begun by another kind; it prints and writes starts.md: every
// start, and per kind the median, minimum and maximum.
func startsOnly(kinds []driver.Kind, n int, out, machine string, began time.Time) error {
	took := map[string][]time.Duration{}
	for round := 1; round <= n; round++ {
		for i := range kinds {
			k := kinds[(i+round-1)%len(kinds)]
			d, err := driver.Start(k, out, round)
			if err != nil {
				return err
			}
			took[k.Name] = append(took[k.Name], d)
			fmt.Fprintf(os.Stderr, "start %d %-10s synchronized in %v\n", round, k.Name, d.Round(100*time.Microsecond))
		}
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d fresh processes per kind, interleaved, each stopped once synchronized; run took %v.\n\n",
		n, time.Since(began).Round(time.Second))
	sb.WriteString("| kind | spawn → synchronized, median | min | max | every start, in order |\n|---|---:|---:|---:|---|\n")
	for _, k := range kinds {
		ds := took[k.Name]
		var each []string
		for _, d := range ds {
			each = append(each, fmt.Sprintf("%.1f", ms(d)))
		}
		sorted := append([]time.Duration{}, ds...)
		sort.Slice(sorted, func(a, b int) bool { return sorted[a] < sorted[b] })
		fmt.Fprintf(&sb, "| %s | %.1f ms | %.1f | %.1f | %s |\n", k.Name, ms(driver.Median(ds)), ms(sorted[0]),
			ms(sorted[len(sorted)-1]), strings.Join(each, ", "))
	}
	sb.WriteString("\n" + machine + "load average at the end: " + loadAverage() + "\n")
	fmt.Print(sb.String())
	return os.WriteFile(filepath.Join(out, "starts.md"), []byte(sb.String()), 0o644)
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
