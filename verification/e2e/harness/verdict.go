package harness

import (
	"fmt"
	"time"

	"github.com/nri4j/nri4j/verification/conformance/cases"
)

// Summary is what the inner run hands the driver (SaveSummary, RunInside): its cases' counts,
// and the step of its own set-up that failed, if one did.
type Summary struct {
	cases.Summary
	SetUp string `json:"setUp,omitempty"`
}

// FailSetUp counts a step of the inner run's own set-up that failed as the failed case name
// under root. The driver found every prerequisite before it got here, so this is a broken
// harness, not a machine that cannot run the suite: never skipped cases, which would leave the
// build green. The inner run hands err to SaveSummary too, for the driver's last lines.
func FailSetUp(root *T, name string, err error) {
	root.Run(name, func(t *T) { t.Fatalf("setting up: %v", err) })
}

// Exit is the exit code of a driver whose cases ended as s, and why it fails when no case
// failed: in strict mode (CI, -strict) a run in which no case passed, every one skipped
// (without root, say), proved nothing.
func Exit(s cases.Summary, strict bool) (code int, why string) {
	switch {
	case s.Failed > 0:
		return 1, ""
	case strict && s.Passed == 0:
		return 1, fmt.Sprintf("strict mode (-strict): no case passed, %d skipped", s.Skipped)
	}
	return 0, ""
}

// Finish prints a driver's last lines, the failed cases, the set-up step that failed and the
// summary line `<prog>: N passed, M failed (<label>), K skipped in <elapsed>` (then, in strict
// mode, why a run without a failure fails), and returns the driver's exit code.
func Finish(prog, label string, s Summary, strict bool, elapsed time.Duration) int {
	for _, f := range s.Failures {
		fmt.Printf("failed: %s\n", f)
	}
	if s.SetUp != "" {
		fmt.Printf("%s: setting up: %s\n", prog, s.SetUp)
	}
	fmt.Printf("%s: %d passed, %d failed (%s)%s in %s\n", prog, s.Passed, s.Failed, label,
		skippedSuffix(s.Skipped), elapsed.Round(time.Second))
	code, why := Exit(s.Summary, strict)
	if why != "" {
		fmt.Printf("%s: %s\n", prog, why)
	}
	return code
}

// skippedSuffix is ", N skipped" for a summary line, or "" when none was.
func skippedSuffix(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", %d skipped", n)
}
