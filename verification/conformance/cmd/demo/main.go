// Command demo runs a plugin under the upstream NRI runtime library on this machine: the
// runtime launches it from its plugin directory, as containerd and CRI-O do, then a pod with
// one container lives through its lifecycle and the plugin's changes are printed. Given an
// external plugin's jar, it then runs that plugin too, the way a DaemonSet does, beside the
// launched one, and prints what it printed for each event next to the runtime's steps.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/nri4j/nri4j/verification/conformance/harness"
	"github.com/sirupsen/logrus"
)

func main() {
	java := flag.String("java", "java", "the java binary")
	jvmArgs := flag.String("jvm-args", "", "extra JVM arguments")
	classpathSpec := flag.String("classpath", "", "the plugin's classpath; @file entries are read")
	mainClass := flag.String("main-class", harness.HelloWorld.MainClass, "the plugin's main class")
	name := flag.String("name", harness.HelloWorld.FullName, "the plugin's <index>-<name>")
	externalJar := flag.String("external-jar", "", "an external plugin's executable jar, run after the launched plugin")
	externalName := flag.String("external-name", "40-logger", "the external plugin's <index>-<name>")
	externalArgs := flag.String("external-args", "", "more arguments for the external plugin")
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
	if *externalJar != "" && report.Failed == 0 {
		external := harness.External{FullName: *externalName, Jar: *externalJar, Args: strings.Fields(*externalArgs)}
		fmt.Printf("\ndemo: %s as an external plugin, beside %s\n", external.FullName, sample.FullName)
		h.RunOne("demo-external", func(t *harness.T) { h.RunExternal(t, sample, external, os.Stdout) })
	}
	if report.Failed > 0 {
		os.Exit(1)
	}
	fmt.Println("demo: done")
}
