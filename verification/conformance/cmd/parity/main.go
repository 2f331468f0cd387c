// Command parity records what the upstream runtime library makes of an upstream Go plugin's
// answers to a parity table (harness.ParityTables), as the golden outcomes the conformance
// harness compares our samples with. It is run by hand, where upstream's plugins can be built
// (they are separate Go modules that the module proxy does not serve); CI only reads the result:
//
//	go run ./cmd/parity -plugin ulimit-adjuster -upstream "containerd/nri plugins/ulimit-adjuster at ..." \
//	    -- /path/to/ulimit-adjuster -idx 10 -socket {socket}
//
// "{socket}" in the plugin's arguments is replaced by the runtime's socket.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/nri4j/nri4j/verification/conformance/harness"
	"github.com/sirupsen/logrus"
)

func main() {
	plugin := flag.String("plugin", "", "the table to run: "+fmt.Sprint(tableNames()))
	upstream := flag.String("upstream", "", "where the plugin's source came from, and what it was built with")
	out := flag.String("out", "parity", "the directory of golden outcomes")
	flag.Parse()
	table, ok := harness.ParityTables[*plugin]
	if !ok || *upstream == "" || flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: parity -plugin NAME -upstream SOURCE -- COMMAND ARGS... ({socket} is replaced)")
		os.Exit(2)
	}
	logrus.SetOutput(io.Discard)

	report := &harness.Report{}
	h := &harness.Harness{Report: report}
	golden := &harness.Golden{Plugin: *plugin, Upstream: *upstream, Library: harness.NRIVersion()}
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
	path := harness.GoldenPath(*out, *plugin)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := golden.Write(path); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	refused := 0
	for _, o := range golden.Outcomes {
		if o.Refused {
			refused++
		}
	}
	fmt.Printf("parity: %s: %d cases, %d refused, written to %s\n", *plugin, len(golden.Outcomes), refused, path)
}

func tableNames() []string {
	var names []string
	for n := range harness.ParityTables {
		names = append(names, n)
	}
	return names
}
