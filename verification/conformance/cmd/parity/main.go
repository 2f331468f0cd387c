// Command parity records what the upstream runtime library makes of an upstream Go plugin's
// answers to a parity table (harness.ParityTables), as the golden outcomes the conformance
// harness compares our samples with, together with the plugin binary's Go build info. It is run
// by hand, where upstream's plugins can be built (they are separate Go modules that the module
// proxy here does not serve); CI reads the result and checks the build info:
//
//	go run ./cmd/parity -plugin ulimit-adjuster -upstream "containerd/nri plugins/ulimit-adjuster at ..." \
//	    -- /path/to/ulimit-adjuster -idx 10 -socket {socket}
//
// "{socket}" in the plugin's arguments is replaced by the runtime's socket. With -check it
// writes nothing and compares the outcomes with the golden file instead, failing on any
// difference.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"

	"github.com/nri4j/nri4j/verification/conformance/harness"
	"github.com/sirupsen/logrus"
)

func main() {
	plugin := flag.String("plugin", "", "the table to run: "+fmt.Sprint(tableNames()))
	upstream := flag.String("upstream", "", "where the plugin's source came from, and what it was built with")
	gap := flag.String("gap", "", "why the command is not a Go binary whose build info can be recorded")
	check := flag.Bool("check", false, "compare with the golden file instead of writing it")
	out := flag.String("out", "parity", "the directory of golden outcomes")
	flag.Parse()
	table, ok := harness.ParityTables[*plugin]
	if !ok || (*upstream == "" && !*check) || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: parity -plugin NAME (-upstream SOURCE | -check) [-gap REASON] -- COMMAND ARGS... ({socket} is replaced)")
		os.Exit(2)
	}
	logrus.SetOutput(io.Discard)
	path := harness.GoldenPath(*out, *plugin)
	version, sum := harness.Library()

	golden := &harness.Golden{Plugin: *plugin, Upstream: *upstream, Library: version}
	binary, err := exec.LookPath(flag.Arg(0))
	if err == nil {
		golden.BuildInfo, err = harness.ReadBuildInfo(binary)
	}
	if err != nil {
		if *gap == "" {
			exit("cannot read the Go build info of %s (%v): upstream's plugins are Go programs; "+
				"-gap REASON records the outcomes without it", flag.Arg(0), err)
		}
		golden.ProvenanceGap = *gap
	}
	var noted *harness.GapError
	if err := harness.CheckProvenance(golden, version, sum); err != nil && !errors.As(err, &noted) {
		exit("%v", err)
	}

	report := &harness.Report{}
	h := &harness.Harness{Report: report}
	h.RunOne("record "+*plugin, func(t *harness.T) {
		rt := harness.NewRuntime(t, harness.RuntimeOptions{})
		h.StartCommand(t, rt, *plugin, flag.Args())
		rt.AwaitSynced(t, harness.ParityStartup)
		for _, c := range table {
			golden.Outcomes = append(golden.Outcomes, c.Create(rt))
		}
	})
	if report.Failed > 0 {
		os.Exit(1)
	}
	refused := 0
	for _, o := range golden.Outcomes {
		if o.Refused {
			refused++
		}
	}
	if *check {
		recorded, err := harness.ReadGolden(path)
		if err != nil {
			exit("%v", err)
		}
		diffs := harness.DiffGolden(recorded, golden)
		for _, d := range diffs {
			fmt.Printf("parity: %s: %s\n", *plugin, d)
		}
		if len(diffs) > 0 {
			exit("%s: %d differences from %s", *plugin, len(diffs), path)
		}
		fmt.Printf("parity: %s: %d cases, %d refused, the same as %s\n", *plugin, len(golden.Outcomes), refused, path)
		return
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		exit("%v", err)
	}
	if err := golden.Write(path); err != nil {
		exit("%v", err)
	}
	fmt.Printf("parity: %s: %d cases, %d refused, written to %s\n", *plugin, len(golden.Outcomes), refused, path)
}

func exit(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "parity: "+format+"\n", args...)
	os.Exit(1)
}

func tableNames() []string {
	var names []string
	for n := range harness.ParityTables {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
