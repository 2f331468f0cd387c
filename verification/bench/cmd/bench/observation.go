package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/nri4j/nri4j/verification/bench/driver"
	"github.com/nri4j/nri4j/verification/conformance/harness"
)

// observationPair measures the Spring plugin's CreateContainer latency with its request
// observation (the registry actuator makes: no tracer) and with it on the no-op registry
// (-Dbench.observation=off), fresh processes interleaved in a rotating order, and prints each
// round's p50, the medians of the p50s and their ratio.
func observationPair(java, chart, jvmArgs, springCP, out string, rounds int, plan driver.Plan) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	out, _ = filepath.Abs(out)
	spring, err := harness.ExpandClasspath(springCP)
	if err != nil {
		return err
	}
	j, err := pluginJVM(java, chart, jvmArgs, out, spring)
	if err != nil {
		return err
	}
	off := j
	off.JVMArgs = append(append([]string{}, j.JVMArgs...), "-Dbench.observation=off")
	on, without := driver.Spring(j, spring), driver.Spring(off, spring)
	on.Name, without.Name = "observed", "no-op"
	kinds := []driver.Kind{on, without}
	p50 := map[string][]time.Duration{}
	for round := 1; round <= rounds; round++ {
		for i := range kinds {
			k := kinds[(i+round-1)%len(kinds)]
			l, err := driver.Latency(k, plan, out, round)
			if err != nil {
				return err
			}
			p := driver.Percentile(l.Long.Create, 0.5)
			p50[k.Name] = append(p50[k.Name], p)
			fmt.Fprintf(os.Stderr, "round %d %-8s create p50 %v\n", round, k.Name, p)
		}
	}
	a, b := median(p50[on.Name]), median(p50[without.Name])
	var sb strings.Builder
	fmt.Fprintf(&sb, "CreateContainer p50 after %d warm-up calls, %d measured, %d fresh processes each, interleaved:\n",
		plan.LongWarmUp, plan.LongMeasured, rounds)
	fmt.Fprintf(&sb, "  with the request observation (no tracer): %v (rounds %v)\n", a, p50[on.Name])
	fmt.Fprintf(&sb, "  on the no-op registry:                    %v (rounds %v)\n", b, p50[without.Name])
	fmt.Fprintf(&sb, "  ratio observed / no-op: %.3f\n", float64(a)/float64(b))
	sb.WriteString(describeMachine(java) + "load average at the end: " + loadAverage() + "\n")
	fmt.Print(sb.String())
	return os.WriteFile(filepath.Join(out, "observation-ab.md"), []byte(sb.String()), 0o644)
}

func median(d []time.Duration) time.Duration {
	s := append([]time.Duration{}, d...)
	sort.Slice(s, func(i, k int) bool { return s[i] < s[k] })
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
