// Command conformance drives plugins built on nri-core through the upstream NRI runtime
// library it was built with, and prints one line per case and a summary.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/nri4j/nri4j/verification/conformance/harness"
	"github.com/sirupsen/logrus"
)

func main() {
	java := flag.String("java", "java", "the java binary")
	classpath := flag.String("classpath", "", "the conformance plugin's classpath")
	jvmArgs := flag.String("jvm-args", "", "extra JVM arguments, space separated")
	run := flag.String("run", "", "only scenarios whose name contains this")
	samples := flag.String("samples-classpath", "", "classpath of sample-plugins/hello-world")
	summary := flag.String("summary", "", "write the counts as JSON to this file")
	parityJars := flag.String("parity-jars", "", "samples compared with upstream's plugins: name=jar,...")
	parityDir := flag.String("parity-golden", "parity", "upstream's recorded outcomes (cmd/parity)")
	verbose := flag.Bool("v", false, "show the output of passing cases too")
	flag.DurationVar(&harness.SoakDuration, "soak", harness.SoakDuration, "how long the soak scenario runs; 0 skips it")
	flag.BoolVar(&harness.RolloutEnabled, "rollout", true, "run the rollout scenario (cmd/all: newest library only)")
	flag.Parse()

	// The library logs through logrus; keep the case lines readable.
	logrus.SetOutput(io.Discard)
	if *verbose {
		logrus.SetOutput(os.Stderr)
	}

	report := &harness.Report{Verbose: *verbose}
	h := &harness.Harness{
		Java:       harness.Java{Binary: *java, Classpath: *classpath, JVMArgs: strings.Fields(*jvmArgs)},
		Report:     report,
		Samples:    *samples,
		ParityJars: harness.ParseJars(*parityJars),
		ParityDir:  *parityDir,
	}
	version := harness.NRIVersion()
	fmt.Printf("=== NRI %s (github.com/containerd/nri/pkg/adaptation)\n", version)
	start := time.Now()
	h.RunAll(*run)
	result := harness.Summary{NRI: version, Passed: report.Passed, Failed: report.Failed,
		Skipped: report.Skipped, Failures: report.Failures, Seconds: time.Since(start).Seconds()}
	fmt.Println(harness.SummaryLine(result))
	if *summary != "" {
		data, _ := json.Marshal(result)
		if err := os.WriteFile(*summary, data, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	if report.Failed > 0 {
		os.Exit(1)
	}
}
