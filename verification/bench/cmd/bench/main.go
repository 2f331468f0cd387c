// Command bench runs the Go, nri-core and Spring benchmark plugins interleaved against the
// upstream runtime library and prints a markdown table with each figure's ratio to Go.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/nri4j/nri4j/verification/bench/driver"
	"github.com/nri4j/nri4j/verification/conformance/harness"
	image "github.com/nri4j/nri4j/verification/oci-image/build"
	"github.com/sirupsen/logrus"
)

func main() {
	java := flag.String("java", "java", "the JVM that runs the Java plugins")
	jvmArgs := flag.String("jvm-args", "", "options for every Java plugin, space separated")
	chart := flag.String("chart", "", "the chart's values.yaml: Java plugins start as in its pod (jvm.options, -XX:MaxRAM at its memory limit), then -jvm-args")
	coreCP := flag.String("core-classpath", "", "classpath of the nri-core plugin (@file entries are read)")
	springCP := flag.String("spring-classpath", "", "classpath of the Spring plugin (@file entries are read)")
	out := flag.String("out", "target/bench", "directory for logs, results.md and plots")
	rounds := flag.Int("rounds", 3, "fresh processes per kind, interleaved")
	smoke := flag.Bool("smoke", false, "a quick run that only shows the benchmark works")
	archive := flag.Bool("archive", false, "start the Java plugins from a class archive a training run wrote (AOT cache on JDK 25+, CDS before)")
	graceful := flag.Bool("graceful-stop", false, "stop each plugin with SIGTERM and wait for it to exit instead of SIGKILL, e.g. so that a -XX:StartFlightRecording file in -jvm-args is written")
	replot := flag.String("replot", "", "a results.json of an earlier run: print its table and draw its plots into -out again")
	flag.Parse()
	// The runtime library logs every connection at info level: noise next to the table.
	logrus.SetLevel(logrus.WarnLevel)

	plan := driver.Plan{ShortWarmUp: 2000, ShortMeasured: 5000, LongWarmUp: 30000, LongMeasured: 10000}
	pods, containers := 1000, 10000
	if *smoke {
		plan = driver.Plan{ShortWarmUp: 20, ShortMeasured: 100, LongWarmUp: 200, LongMeasured: 100}
		pods, containers, *rounds = 10, 100, 1
	}
	if *replot != "" {
		if err := redraw(*replot, *out, plan); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(*java, *chart, *jvmArgs, *coreCP, *springCP, *out, *rounds, plan, pods, containers, *archive, *graceful); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run(java, chart, jvmArgs, coreCP, springCP, out string, rounds int, plan driver.Plan, pods, containers int, archive, graceful bool) error {
	if coreCP == "" || springCP == "" {
		return fmt.Errorf("-core-classpath and -spring-classpath are required")
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	out, _ = filepath.Abs(out)
	goPlugin := filepath.Join(out, "goplugin")
	build := exec.Command("go", "build", "-o", goPlugin, "./cmd/goplugin")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		return fmt.Errorf("building the Go plugin: %w", err)
	}
	core, err := harness.ExpandClasspath(coreCP)
	if err != nil {
		return err
	}
	spring, err := harness.ExpandClasspath(springCP)
	if err != nil {
		return err
	}
	j, err := pluginJVM(java, chart, jvmArgs, out, core, spring)
	if err != nil {
		return err
	}
	coreJ, springJ := j, j
	if archive {
		if coreJ, err = trained(j, filepath.Join(out, "nri-core.archive"), plan.ShortWarmUp, out,
			func(j driver.Java) driver.Kind { return driver.Core(j, core) }); err != nil {
			return err
		}
		if springJ, err = trained(j, filepath.Join(out, "Spring.archive"), plan.ShortWarmUp, out,
			func(j driver.Java) driver.Kind { return driver.Spring(j, spring) }); err != nil {
			return err
		}
	}
	kinds := []driver.Kind{driver.Go(goPlugin), driver.Core(coreJ, core), driver.Spring(springJ, spring)}
	for i := range kinds {
		kinds[i].Graceful = graceful
	}
	names := []string{kinds[0].Name, kinds[1].Name, kinds[2].Name}
	res := driver.NewResults(names)
	state := driver.NewState(pods, containers)

	began := time.Now()
	machine := describeMachine(java) + "Java plugins: " + strings.Join(j.JVMArgs, " ") + "\n"
	for round := 1; round <= rounds; round++ {
		// Each round starts with another kind, so that none always runs first or last.
		for i := range kinds {
			k := kinds[(i+round-1)%len(kinds)]
			l, err := driver.Latency(k, plan, out, round)
			if err != nil {
				return err
			}
			res.Latency[k.Name] = append(res.Latency[k.Name], l)
			fmt.Fprintf(os.Stderr, "round %d %-8s synchronized in %v, first call %v, create p50 %v\n",
				round, k.Name, l.Spawned.Round(time.Millisecond), l.Cold.Round(time.Microsecond),
				driver.Percentile(l.Long.Create, 0.5))
		}
		for i := range kinds {
			k := kinds[(i+round-1)%len(kinds)]
			s, err := driver.Sync(k, state, out, round)
			if err != nil {
				return err
			}
			res.Sync[k.Name] = append(res.Sync[k.Name], s)
			fmt.Fprintf(os.Stderr, "round %d %-8s synchronized %d containers in %v\n", round, k.Name, containers,
				s.Took.Round(time.Millisecond))
		}
	}

	var sb strings.Builder
	fmt.Fprintf(&sb, "%d rounds of fresh processes per kind, interleaved; %d pods / %d containers (%.1f MiB) in the split Synchronize; run took %v.\n\n",
		rounds, pods, containers, float64(state.Bytes())/(1<<20), time.Since(began).Round(time.Second))
	sb.WriteString(res.Table(plan))
	sb.WriteString("\n" + machine + "load average at the end: " + loadAverage() + "\n")
	fmt.Print(sb.String())
	if err := os.WriteFile(filepath.Join(out, "results.md"), []byte(sb.String()), 0o644); err != nil {
		return err
	}
	data, err := json.Marshal(res)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(out, "results.json"), data, 0o644); err != nil {
		return err
	}
	return res.Plots(out, plan)
}

// trained writes a class archive with a training run of kind and returns j using it.
func trained(j driver.Java, file string, calls int, out string, kind func(driver.Java) driver.Kind) (driver.Java, error) {
	a, err := driver.ArchiveFor(j, file)
	if err != nil {
		return j, err
	}
	os.Remove(file)
	if err := driver.Train(kind(a.Writing(j)), calls, out); err != nil {
		return j, err
	}
	if _, err := os.Stat(file); err != nil {
		return j, fmt.Errorf("the training run wrote no archive: %w", err)
	}
	return a.Using(j), nil
}

// redraw prints the table of a saved run and draws its plots again (plan must be the run's).
func redraw(path, out string, plan driver.Plan) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	res := &driver.Results{}
	if err := json.Unmarshal(data, res); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	fmt.Print(res.Table(plan))
	return res.Plots(out, plan)
}

// pluginJVM is the JVM and flags the Java plugins start with: Netty's transport library from a
// directory of its own (as in the image, instead of being copied out of its jar into /tmp at every
// start), then the chart's pod flags, then jvmArgs.
func pluginJVM(java, chart, jvmArgs, out string, classpaths ...string) (driver.Java, error) {
	j := driver.Java{Binary: java, JVMArgs: driver.SplitArgs(jvmArgs)}
	natives := filepath.Join(out, "native")
	os.RemoveAll(natives)
	var jars []string
	for _, e := range filepath.SplitList(strings.Join(classpaths, string(os.PathListSeparator))) {
		if strings.HasSuffix(e, ".jar") {
			jars = append(jars, e)
		}
	}
	libs, err := image.ExtractNative(jars, runtime.GOARCH, natives)
	if err != nil {
		return j, err
	}
	if len(libs) > 0 {
		j.JVMArgs = append([]string{"-Djava.library.path=" + natives}, j.JVMArgs...)
	}
	if chart != "" {
		pod, err := harness.ChartJVM(chart)
		if err != nil {
			return j, err
		}
		j.JVMArgs = append(pod, j.JVMArgs...)
	}
	return j, nil
}
