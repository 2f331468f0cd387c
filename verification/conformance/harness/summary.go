package harness

import (
	"fmt"
	"strings"
	"time"
)

// SummaryLine is one library's result as the harness prints it and the driver repeats it:
//
//	conformance (NRI v0.8.0): 79 passed, 0 failed, 23 skipped in 50s
func SummaryLine(s Summary) string {
	return fmt.Sprintf("conformance (NRI %s): %d passed, %d failed, %d skipped in %s", s.NRI, s.Passed, s.Failed,
		s.Skipped, time.Duration(s.Seconds*float64(time.Second)).Round(time.Second))
}

// TotalLine adds the libraries' results up:
//
//	conformance: 411 passed, 0 failed, 47 skipped (NRI v0.12.5, v0.11.0, v0.10.0, v0.8.0)
func TotalLine(total Summary, versions []string) string {
	return fmt.Sprintf("conformance: %d passed, %d failed, %d skipped (NRI %s)", total.Passed, total.Failed,
		total.Skipped, strings.Join(versions, ", "))
}
