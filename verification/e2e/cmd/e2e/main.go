// Command e2e builds (once, cached) the containerd and CRI-O releases it is given, runs the suite
// of harness/ against each, in a private mount namespace. It ends with one summary line:
//
//	e2e: N passed, M failed (containerd v2.1.9, v2.2.0, v2.3.7, v2.4.2; CRI-O v1.34.0)
//
// and exits non-zero if a case failed, a release could not be built or the suite could not set
// itself up. Without a prerequisite (Linux, root, mount namespaces, Debian's package tools, a
// memory cgroup) it reports every case skipped, with the reason; with -strict that fails too.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/nri4j/nri4j/verification/conformance/cases"
	"github.com/nri4j/nri4j/verification/e2e/harness"
)

var release = regexp.MustCompile(`^v2\.[0-9]+\.[0-9]+$`)

// config is what the driver hands the process it runs in the private mount namespace.
type config struct {
	Suite    harness.Suite
	Releases []harness.Release
	CRIO     []harness.Release
	Run      string
	Verbose  bool
}

func main() {
	java := flag.String("java", "java", "the java binary that runs the plugins")
	jvmArgs := flag.String("jvm-args", "", "extra JVM arguments for the plugins")
	adjuster := flag.String("adjuster-jar", "", "the e2e Spring plugin's jar")
	validator := flag.String("validator-jar", "", "the policy-validator sample's jar")
	hello := flag.String("hello-classpath", "", "the hello-world sample's classpath; @file entries are read")
	releases := flag.String("releases", harness.DefaultContainerdReleases, "containerd releases, comma separated")
	crio := flag.String("crio", harness.DefaultCRIOReleases, "CRI-O releases, comma separated (empty: none)")
	run := flag.String("run", "", "only scenarios whose name contains this")
	out := flag.String("out", "target/e2e", "where to write images and the summary")
	verbose := flag.Bool("v", false, "show the output of passing cases too")
	strict := flag.Bool("strict", false, "fail when no case passed, every one skipped (CI)")
	inner := flag.String("inner", "", "internal: run the suite with this configuration file")
	flag.Parse()
	if *inner != "" {
		os.Exit(runInner(*inner))
	}

	var versions []string
	for _, v := range strings.Split(*releases, ",") {
		if v = strings.TrimSpace(v); v != "" {
			if !release.MatchString(v) {
				fail("-releases: %q is not a containerd 2.x release such as v2.2.0", v)
			}
			versions = append(versions, v)
		}
	}
	crioVersions := crioReleases(*crio)
	if len(versions)+len(crioVersions) == 0 {
		fail("no release given (-releases for containerd, -crio for CRI-O)")
	}
	label := runtimesLabel(versions, crioVersions)
	suite := harness.Suite{Java: harness.Java{Binary: *java, JVMArgs: strings.Fields(*jvmArgs)}}
	if !matchesAny(suite.ScenarioNames(), *run) {
		fail("-run: %q is in no scenario's name (%s)", *run, strings.Join(suite.ScenarioNames(), ", "))
	}
	if reason := harness.ThisHost().MissingRuntimes(); reason != "" {
		os.Exit(skipAll(&suite, versions, crioVersions, reason, label, *strict))
	}
	classpath, err := expandClasspath(*hello)
	if err != nil {
		fail("reading the hello-world classpath: %v", err)
	}
	suite.HelloClasspath = classpath
	for _, f := range []struct{ flag, path string }{{"-adjuster-jar", *adjuster}, {"-validator-jar", *validator}} {
		if _, err := os.Stat(f.path); err != nil {
			fail("%s: %v (build it first: ./mvnw package)", f.flag, err)
		}
	}
	suite.AdjusterJar, suite.ValidatorJar = harness.Abs(*adjuster), harness.Abs(*validator)
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail("%v", err)
	}

	start := time.Now()
	cache := harness.CacheDir()
	if err := harness.Script("fetch-debs.sh"); err != nil {
		fail("Debian packages: %v", err)
	}
	suite.Debs = filepath.Join(cache, "debs", "root")
	var rels []harness.Release
	var broken []string // releases that could not be built: each a failed case
	for _, v := range versions {
		if err := harness.Script("build-containerd.sh", v); err != nil {
			fmt.Printf("--- FAIL: e2e/containerd-%s (could not build it: %v)\n", v, err)
			broken = append(broken, "e2e/containerd-"+v)
			continue
		}
		nri, err := embeddedNRI("github.com/containerd/containerd/v2", v)
		if err != nil {
			fail("containerd %s: %v", v, err)
		}
		rels = append(rels, harness.Release{Version: v, NRI: nri, BinDir: filepath.Join(cache, "containerd", v, "bin")})
	}
	crioRels, crioBroken := buildCRIO(crioVersions, cache)
	broken = append(broken, crioBroken...)
	if suite.PauseImage, suite.TestImage, err = harness.BuildImages(harness.Abs(*out), suite.Debs); err != nil {
		fail("images: %v", err)
	}
	if harness.NeedsQuickStart(*run) {
		if suite.QuickJava, suite.QuickJar, err = harness.QuickStart(suite.Java, suite.AdjusterJar, harness.Abs(*out)); err != nil {
			fail("the e2e plugin's quick start: %v", err)
		}
	}
	fmt.Printf("e2e: prepared in %s\n", time.Since(start).Round(time.Second))

	// A private mount namespace: containerd's shim sockets (always under /run/containerd) go to
	// a tmpfs that vanishes with it, and no mount leaks to the host.
	s, runErr := harness.RunInside(harness.Abs(*out), []string{"-m", "--propagation", "private"}, config{Suite: suite, Releases: rels, CRIO: crioRels, Run: *run, Verbose: *verbose})
	if s == nil {
		fmt.Printf("e2e: the suite ended without a summary (%v)\n", runErr)
		os.Exit(1)
	}
	s.Failed += len(broken)
	s.Failures = append(broken, s.Failures...)
	code := harness.Finish("e2e", label, *s, *strict, time.Since(start))
	if runErr != nil && code == 0 {
		fmt.Printf("e2e: the suite's process: %v\n", runErr)
		code = 1
	}
	os.Exit(code)
}

func runInner(cfgFile string) int {
	var cfg config
	if err := harness.LoadInside(cfgFile, &cfg); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: %v\n", err)
		return 2
	}
	report := &cases.Report{Verbose: cfg.Verbose}
	root := cases.NewRoot("e2e", report)
	setUp := prepareNamespace(len(cfg.CRIO) > 0)
	if setUp != nil {
		harness.FailSetUp(root, "set-up", setUp)
	} else {
		for _, r := range cfg.Releases {
			fmt.Printf("=== containerd %s (NRI %s)\n", r.Version, r.NRI)
			cfg.Suite.RunRelease(root, r, cfg.Run)
		}
		for _, r := range cfg.CRIO {
			fmt.Printf("=== CRI-O %s (NRI %s)\n", r.Version, r.NRI)
			cfg.Suite.RunCRIO(root, r, cfg.Run)
		}
	}
	if err := harness.SaveSummary(cfgFile, report, setUp); err != nil {
		fmt.Fprintf(os.Stderr, "e2e: %v\n", err)
		return 2
	}
	return 0
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "e2e: "+format+"\n", args...)
	os.Exit(2)
}
