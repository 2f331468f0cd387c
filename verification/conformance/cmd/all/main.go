// Command all builds the conformance harness once per supported NRI runtime library version,
// runs each against the conformance plugin, and ends with each library's line and the total:
//
//	conformance (NRI v0.8.0): 79 passed, 0 failed, 23 skipped in 50s
//	conformance: 411 passed, 0 failed, 47 skipped (NRI v0.12.5, v0.11.0, v0.10.0, v0.8.0)
//
// It exits non-zero if a case failed, a harness could not be built, ended without a summary or
// reports another library than it was built with, and with -strict also if every case of a
// library was skipped.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/nri4j/nri4j/verification/conformance/harness"
)

// library is one runtime library version: the module file that pins it, and its build tags.
type library struct {
	version string
	modfile string
	tags    string
}

// libraries: upstream's latest (dedicated RPCs, version exchange, failure policy), and the
// releases that runtimes in use embed, which send most events as StateChange and do not report
// their NRI version: v0.11.0 (containerd 2.2.1+, CRI-O 1.35), v0.10.0 (containerd 2.2.0, CRI-O
// 1.34) and v0.8.0 (containerd 1.7.26+, 2.0, 2.1; events 1-11 only). The tags are cumulative:
// nri_v011 means "v0.11.x or older", nri_v010 "v0.10.x or older" (see harness/version_*.go).
var libraries = []library{
	{"v0.12.5", "go.mod", ""},
	{"v0.11.0", "go.v0.11.0.mod", "nri_v011"},
	{"v0.10.0", "go.v0.10.0.mod", "nri_v011,nri_v010"},
	{"v0.8.0", "go.v0.8.0.mod", "nri_v011,nri_v010,nri_v008"},
}

func main() {
	java := flag.String("java", "java", "the java binary that runs the plugin")
	classpathSpec := flag.String("classpath", "", "the conformance plugin's classpath; @file entries are read")
	jvmArgs := flag.String("jvm-args", "", "extra JVM arguments for the plugin")
	out := flag.String("out", "target/conformance", "where to build and write summaries")
	run := flag.String("run", "", "only scenarios whose name contains this")
	samplesSpec := flag.String("samples-classpath", "", "the hello-world sample's classpath; @file entries are read")
	parityJars := flag.String("parity-jars", "", "samples compared with upstream's plugins: name=jar,...")
	parityDir := flag.String("parity-golden", "parity", "upstream's recorded outcomes (cmd/parity)")
	soak := flag.Duration("soak", time.Minute, "how long the soak scenario runs, with the newest library only")
	rollout := flag.Bool("rollout", false, "run the rollout scenario (instance replacements), with the newest library only")
	strict := flag.Bool("strict", false, "fail a library run in which every case was skipped (CI)")
	flag.Parse()

	classpath, err := harness.ExpandClasspath(*classpathSpec)
	if err != nil {
		fail("reading the classpath: %v", err)
	}
	samplesClasspath, err := harness.ExpandClasspath(*samplesSpec)
	if err != nil {
		fail("reading the samples' classpath: %v", err)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail("%v", err)
	}

	var total harness.Summary
	var versions, lines, problems []string
	for _, lib := range libraries {
		versions = append(versions, lib.version)
		args := []string{"-java", *java, "-classpath", classpath, "-jvm-args", *jvmArgs, "-run", *run,
			"-samples-classpath", samplesClasspath, "-parity-jars", *parityJars, "-parity-golden", *parityDir}
		soakFor := time.Duration(0) // the soak takes all of its duration: the newest library's harness only
		if lib == libraries[0] {
			soakFor = *soak
		}
		args = append(args, "-soak", soakFor.String())
		if soakFor == 0 || !*rollout {
			// Minutes of instance replacements: on request, and with the newest library only.
			args = append(args, "-rollout=false")
		}
		s, problem := runHarness(lib, *out, args)
		if problem != "" {
			problems = append(problems, fmt.Sprintf("conformance (NRI %s): %s", lib.version, problem))
		}
		if s == nil {
			continue
		}
		lines = append(lines, harness.SummaryLine(*s))
		if *strict && s.Passed+s.Failed == 0 {
			problems = append(problems, fmt.Sprintf("conformance (NRI %s): no case ran, %d skipped (-strict)",
				lib.version, s.Skipped))
		}
		total.Passed += s.Passed
		total.Failed += s.Failed
		total.Skipped += s.Skipped
		for _, f := range s.Failures {
			total.Failures = append(total.Failures, lib.version+": "+f)
		}
	}
	for _, f := range total.Failures {
		fmt.Printf("failed: %s\n", f)
	}
	for _, l := range append(lines, problems...) {
		fmt.Println(l)
	}
	fmt.Println(harness.TotalLine(total, versions))
	if len(problems) > 0 || total.Failed > 0 {
		os.Exit(1)
	}
}

// runHarness builds the harness against lib and runs it with args. It returns the run's summary,
// if the harness wrote one, and what went wrong besides failed cases.
func runHarness(lib library, out string, args []string) (*harness.Summary, string) {
	binary, _ := filepath.Abs(filepath.Join(out, "conformance-"+lib.version))
	build := exec.Command("go", "build", "-modfile", lib.modfile, "-tags", lib.tags, "-o", binary, "./cmd/conformance")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		return nil, fmt.Sprintf("could not build the harness: %v", err)
	}
	summaryFile := filepath.Join(out, "summary-"+lib.version+".json")
	os.Remove(summaryFile)
	cmd := exec.Command(binary, append(args, "-summary", summaryFile)...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	runErr := cmd.Run()
	var s harness.Summary
	data, err := os.ReadFile(summaryFile)
	if err == nil {
		err = json.Unmarshal(data, &s)
	}
	if err != nil {
		return nil, fmt.Sprintf("the harness ended without a summary (%v; %v)", runErr, err)
	}
	if s.NRI != lib.version {
		return &s, fmt.Sprintf("the harness built with %s reports NRI %s", lib.modfile, s.NRI)
	}
	return &s, ""
}

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "conformance: "+format+"\n", args...)
	os.Exit(2)
}
