package harness

import "github.com/nri4j/nri4j/verification/conformance/cases"

// T, Report and Summary live in package cases, which the e2e suite shares.
type (
	T       = cases.T
	Report  = cases.Report
	Summary = cases.Summary
)
