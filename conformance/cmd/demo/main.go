// Command demo runs a plugin under the upstream NRI runtime library on this machine: the
// runtime launches it from its plugin directory, as containerd and CRI-O do, then a pod with
// one container lives through its lifecycle and the plugin's changes are printed.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/nri4j/nri4j/conformance/harness"
	"github.com/sirupsen/logrus"
)

func main() {
	java := flag.String("java", "java", "the java binary")
	jvmArgs := flag.String("jvm-args", "", "extra JVM arguments")
	classpathSpec := flag.String("classpath", "", "the plugin's classpath; @file entries are read")
	mainClass := flag.String("main-class", harness.HelloWorld.MainClass, "the plugin's main class")
	name := flag.String("name", harness.HelloWorld.FullName, "the plugin's <index>-<name>")
	flag.Parse()
	logrus.SetOutput(io.Discard)

	classpath, err := harness.ExpandClasspath(*classpathSpec)
	if err != nil {
		fmt.Fprintf(os.Stderr, "demo: %v\n", err)
		os.Exit(2)
	}
	report := &harness.Report{}
	h := &harness.Harness{Java: harness.Java{Binary: *java, JVMArgs: strings.Fields(*jvmArgs)}, Report: report}
	sample := harness.Sample{FullName: *name, Classpath: classpath, MainClass: *mainClass}
	h.RunOne("demo", func(t *harness.T) { h.RunSample(t, sample, os.Stdout) })
	if report.Failed > 0 {
		os.Exit(1)
	}
	fmt.Println("demo: done")
}
