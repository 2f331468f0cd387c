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
	"sort"
	"strings"
	"time"

	"github.com/nri4j/nri4j/verification/bench/driver"
	"github.com/nri4j/nri4j/verification/conformance/harness"
	image "github.com/nri4j/nri4j/verification/oci-image/build"
	"github.com/sirupsen/logrus"
)

// syncMarker, when set, annotates every container of the split Synchronize's state: the node as a
// plugin with nri4j's enforcement finds it after a restart, every container marked as handled.
var syncMarker = flag.String("sync-marker", "", "annotate every container of the split Synchronize with this key (e.g. handled.nri4j.io/bench), as a plugin with nri4j's enforcement finds the node after a restart")

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
	training := flag.String("training", driver.TrainWithCalls, "with -archive, how the Spring plugin's training run goes: calls (2,000 calls from a runtime, as nri-core's always) or refresh (up to its refreshed context, -Dspring.context.exit=onRefresh, as Spring Boot's image builds and this project's image train); a variant's training:calls or training:refresh overrides it for its kinds")
	graceful := flag.Bool("graceful-stop", false, "stop each plugin with SIGTERM and wait for it to exit instead of SIGKILL, e.g. so that a -XX:StartFlightRecording file in -jvm-args is written")
	replot := flag.String("replot", "", "a results.json of an earlier run: print its table and draw its plots into -out again")
	bJVMArgs := flag.String("b-jvm-args", "", "side by side with each Java plugin, the same plugin with these options added after the others (kinds nri-core-B, Spring-B): an A/B within one run; variants separated by ; give kinds -B, -C, ...; in a variant, env:NAME=value sets a variable, kind:nri-core (or kind:Spring) keeps it to one plugin, nri-core-classpath:CP / Spring-classpath:CP replaces that plugin's classpath")
	bEnv := flag.String("b-env", "", "variables (NAME=value, space separated) added to the environment of the B kinds; adds them like -b-jvm-args")
	bCoreCP := flag.String("b-core-classpath", "", "the nri-core-B kind's classpath (default: -core-classpath); adds the B kinds")
	bSpringCP := flag.String("b-spring-classpath", "", "the Spring-B kind's classpath (default: -spring-classpath); adds the B kinds")
	bKinds := flag.String("b-kinds", "nri-core,Spring", "which Java plugins get a B kind")
	javaKinds := flag.String("java-kinds", "nri-core,Spring", "which Java plugins run (with their B kinds)")
	starts := flag.Int("starts", 0, "instead of the latency and Synchronize runs, this many fresh processes per kind, interleaved, each stopped once synchronized: spawn → synchronized alone, e.g. for an A/B of the start-up")
	memoryDump := flag.Bool("memory-dump", false, "after each latency run's calls and its idle time, write each Java plugin's /proc status, smaps_rollup and jcmd VM.native_memory summary / GC.heap_info / Thread.print / GC.class_histogram to <out>/<kind>-<round>-memory.txt (NMT needs -XX:NativeMemoryTracking=summary in -jvm-args)")
	flag.Parse()
	// The runtime library logs every connection at info level: noise next to the table.
	logrus.SetLevel(logrus.WarnLevel)

	plan := driver.Plan{ShortWarmUp: 2000, ShortMeasured: 5000, LongWarmUp: 30000, LongMeasured: 10000,
		Idle: 10 * time.Second}
	pods, containers := 1000, 10000
	if *smoke {
		plan = driver.Plan{ShortWarmUp: 20, ShortMeasured: 100, LongWarmUp: 200, LongMeasured: 100, Idle: time.Second}
		pods, containers, *rounds = 10, 100, 1
	}
	if *replot != "" {
		if err := redraw(*replot, *out, plan); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
			os.Exit(1)
		}
		return
	}
	b := variant{jvmArgs: *bJVMArgs, env: driver.SplitArgs(*bEnv), coreCP: *bCoreCP, springCP: *bSpringCP,
		kinds: strings.Split(*bKinds, ","), java: strings.Split(*javaKinds, ",")}
	if err := run(*java, *chart, *jvmArgs, *coreCP, *springCP, *out, *rounds, plan, pods, containers, *archive, *training,
		*graceful, b, *memoryDump, *starts); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// variant is the B side of an A/B within one run: more JVM options, environment or other classpaths.
type variant struct {
	jvmArgs          string
	env              []string
	coreCP, springCP string
	kinds            []string
	java             []string // the A kinds that run at all
}

func (v variant) on() bool {
	return v.jvmArgs != "" || len(v.env) > 0 || v.coreCP != "" || v.springCP != ""
}

func (v variant) has(kind string) bool { return contains(v.kinds, kind) }

func contains(list []string, kind string) bool {
	for _, k := range list {
		if k == kind {
			return true
		}
	}
	return false
}

func run(java, chart, jvmArgs, coreCP, springCP, out string, rounds int, plan driver.Plan, pods, containers int, archive bool,
	training string, graceful bool, b variant, memoryDump bool, starts int) error {
	if coreCP == "" || springCP == "" {
		return fmt.Errorf("-core-classpath and -spring-classpath are required")
	}
	if err := checkTraining("Spring", training); err != nil {
		return fmt.Errorf("-training: %w", err)
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
	// A plugin with a web server is asked the chart's probes and scrape while it runs.
	var probes *driver.Probes
	if chart != "" {
		p, err := driver.ChartProbes(chart)
		if err != nil {
			return err
		}
		probes = &p
	}
	trainings := ""
	javaKind := func(name string, j driver.Java, cp string, newKind func(driver.Java, string) driver.Kind,
		training string) (driver.Kind, error) {
		named := func(j driver.Java) driver.Kind {
			k := newKind(j, cp)
			k.Name = name
			if k.WebServer {
				k.Probes = probes
			}
			return k
		}
		if archive {
			if j, err = trained(j, filepath.Join(out, name+".archive"), plan.ShortWarmUp, training, out, named); err != nil {
				return driver.Kind{}, err
			}
			trainings += fmt.Sprintf("; %s %s", name, trainingSays(training, plan.ShortWarmUp))
		}
		return named(j), nil
	}
	kinds := []driver.Kind{driver.Go(goPlugin)}
	type javaSpec struct {
		name, cp, bCP string
		newKind       func(driver.Java, string) driver.Kind
	}
	for _, spec := range []javaSpec{{"nri-core", core, b.coreCP, driver.Core}, {"Spring", spring, b.springCP, driver.Spring}} {
		if !contains(b.java, spec.name) {
			continue
		}
		specTraining := driver.TrainWithCalls
		if spec.name == "Spring" {
			specTraining = training
		}
		k, err := javaKind(spec.name, j, spec.cp, spec.newKind, specTraining)
		if err != nil {
			return err
		}
		kinds = append(kinds, k)
		if !b.on() || !b.has(spec.name) {
			continue
		}
		cp := spec.cp
		if spec.bCP != "" {
			if cp, err = harness.ExpandClasspath(spec.bCP); err != nil {
				return err
			}
		}
		for n, args := range strings.Split(b.jvmArgs, ";") {
			bj := driver.Java{Binary: j.Binary, JVMArgs: append([]string{}, j.JVMArgs...), Env: append([]string{}, b.env...)}
			vcp, only, vTraining := cp, "", specTraining
			for _, a := range driver.SplitArgs(args) {
				if v, ok := strings.CutPrefix(a, "training:"); ok {
					vTraining = v
				} else if v, ok := strings.CutPrefix(a, "env:"); ok {
					bj.Env = append(bj.Env, v)
				} else if v, ok := strings.CutPrefix(a, "kind:"); ok {
					only = v
				} else if v, ok := strings.CutPrefix(a, spec.name+"-classpath:"); ok {
					if vcp, err = harness.ExpandClasspath(v); err != nil {
						return err
					}
				} else if !strings.Contains(strings.SplitN(a, ":", 2)[0], "-classpath") {
					bj.JVMArgs = append(bj.JVMArgs, a)
				}
			}
			if only != "" && only != spec.name {
				continue
			}
			if err := checkTraining(spec.name, vTraining); err != nil {
				return fmt.Errorf("-b-jvm-args %q: %w (kind:Spring keeps a variant to the Spring plugin)", args, err)
			}
			if k, err = javaKind(fmt.Sprintf("%s-%c", spec.name, 'B'+n), bj, vcp, spec.newKind, vTraining); err != nil {
				return err
			}
			kinds = append(kinds, k)
		}
	}
	for i := range kinds {
		kinds[i].Graceful = graceful
		if memoryDump && i > 0 {
			kinds[i].AfterLoad = dumper(java)
		}
	}
	var names []string
	for _, k := range kinds {
		names = append(names, k.Name)
	}
	res := driver.NewResults(names)
	state := driver.NewState(pods, containers)
	marked := ""
	if *syncMarker != "" {
		state.Mark(*syncMarker)
		marked = ", every container annotated " + *syncMarker
	}

	began := time.Now()
	machine := describeMachine(java) + "Java plugins: " + strings.Join(j.JVMArgs, " ") + "\n"
	if b.on() {
		machine += fmt.Sprintf("B kinds (%s): the same plus %q, environment %q, classpaths %q / %q\n",
			strings.Join(b.kinds, ", "), b.jvmArgs, strings.Join(b.env, " "), b.coreCP, b.springCP)
	}
	if trainings != "" {
		machine += "class archives:" + strings.TrimPrefix(trainings, ";") + "\n"
	}
	if starts > 0 {
		return startsOnly(kinds, starts, out, machine, began)
	}
	for round := 1; round <= rounds; round++ {
		// Each round starts with another kind, so that none always runs first or last.
		for i := range kinds {
			k := kinds[(i+round-1)%len(kinds)]
			l, err := driver.Latency(k, plan, out, round)
			if err != nil {
				return err
			}
			res.Latency[k.Name] = append(res.Latency[k.Name], l)
			http := ""
			if k.Probes != nil {
				http = "; " + l.HTTP.String()
			}
			fmt.Fprintf(os.Stderr, "round %d %-8s synchronized in %v, first call %v, create p50 %v%s\n",
				round, k.Name, l.Spawned.Round(time.Millisecond), l.Cold.Round(time.Microsecond),
				driver.Percentile(l.Long.Create, 0.5), http)
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
	fmt.Fprintf(&sb, "%d rounds of fresh processes per kind, interleaved; %d pods / %d containers (%.1f MiB) in the split Synchronize%s; run took %v.\n\n",
		rounds, pods, containers, float64(state.Bytes())/(1<<20), marked, time.Since(began).Round(time.Second))
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

// dumper writes a JVM's memory as /proc and jcmd see it to <prefix>-memory.txt.
func dumper(java string) func(pid int, prefix string) {
	jcmd := filepath.Join(filepath.Dir(java), "jcmd")
	return func(pid int, prefix string) {
		var sb strings.Builder
		for _, f := range []string{"status", "smaps_rollup"} {
			data, err := os.ReadFile(fmt.Sprintf("/proc/%d/%s", pid, f))
			fmt.Fprintf(&sb, "== /proc/%d/%s (%v)\n%s\n", pid, f, err, data)
		}
		sb.WriteString(smapsByMapping(pid))
		for _, c := range [][]string{{"VM.native_memory", "summary"}, {"GC.heap_info"}, {"Thread.print"},
			{"GC.class_histogram"}} {
			data, err := exec.Command(jcmd, append([]string{fmt.Sprint(pid)}, c...)...).CombinedOutput()
			if lines := strings.SplitAfter(string(data), "\n"); c[0] == "GC.class_histogram" && len(lines) > 40 {
				data = []byte(strings.Join(lines[:40], "")) // the largest classes (live: it collects first)
			}
			fmt.Fprintf(&sb, "== jcmd %s (%v)\n%s\n", strings.Join(c, " "), err, data)
		}
		if err := os.WriteFile(prefix+"-memory.txt", []byte(sb.String()), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "bench:", err)
		}
	}
}

// smapsByMapping sums /proc/<pid>/smaps' Rss and Anonymous per mapped file ("[anon]" for the
// rest), largest first.
func smapsByMapping(pid int) string {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/smaps", pid))
	if err != nil {
		return fmt.Sprintf("== /proc/%d/smaps (%v)\n", pid, err)
	}
	type sum struct{ rss, anon int64 }
	sums := map[string]*sum{}
	var cur *sum
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) >= 5 && strings.Contains(f[0], "-") && !strings.HasSuffix(f[0], ":") {
			name := "[anon]"
			if len(f) >= 6 {
				name = strings.Join(f[5:], " ")
			}
			if sums[name] == nil {
				sums[name] = &sum{}
			}
			cur = sums[name]
			continue
		}
		if cur == nil || len(f) < 2 {
			continue
		}
		var n int64
		fmt.Sscan(f[1], &n)
		switch f[0] {
		case "Rss:":
			cur.rss += n
		case "Anonymous:":
			cur.anon += n
		}
	}
	names := make([]string, 0, len(sums))
	for n := range sums {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return sums[names[i]].rss > sums[names[j]].rss })
	var sb strings.Builder
	fmt.Fprintf(&sb, "== /proc/%d/smaps by mapping: Rss KiB, of it Anonymous KiB\n", pid)
	for _, n := range names {
		if sums[n].rss >= 256 {
			fmt.Fprintf(&sb, "%8d %8d %s\n", sums[n].rss, sums[n].anon, n)
		}
	}
	return sb.String() + "\n"
}

// trained writes a class archive with a training run of kind, with calls or to its refreshed
// context, and returns j using it.
func trained(j driver.Java, file string, calls int, training, out string, kind func(driver.Java) driver.Kind) (driver.Java, error) {
	a, err := driver.ArchiveFor(j, file)
	if err != nil {
		return j, err
	}
	os.Remove(file)
	if training == driver.TrainToRefresh {
		err = driver.TrainedToRefresh(a.Writing(j), kind, out)
	} else {
		err = driver.Train(kind(a.Writing(j)), calls, out)
	}
	if err != nil {
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
