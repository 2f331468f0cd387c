// Command helm-e2e builds (once, cached) containerd, Kubernetes, etcd, helm and Prometheus from
// the Go module proxy, starts a single-node Kubernetes on containerd in private mount and network
// namespaces, and installs, restarts under, monitors with Prometheus, upgrades, evicts with and
// runs fail-closed the nri-plugin chart there with the plugin's OCI image
// (verification/oci-image/). It ends with one
// summary line:
//
//	helm-e2e: N passed, M failed (Kubernetes v1.34.4, containerd v2.4.2)
//
// and exits non-zero if a case failed, something could not be built or the node's namespaces
// could not be set up. Without a prerequisite (Linux, root, mount and network namespaces,
// iproute2, Debian's package tools, a memory cgroup) it reports every case skipped, with the
// reason; with -strict that fails too.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/nri4j/nri4j/verification/conformance/cases"
	"github.com/nri4j/nri4j/verification/e2e/harness"
)

var versions = map[string]*regexp.Regexp{
	"-containerd": regexp.MustCompile(`^v2\.[0-9]+\.[0-9]+$`),
	"-kubernetes": regexp.MustCompile(`^v1\.[0-9]+\.[0-9]+$`),
	"-etcd":       regexp.MustCompile(`^v3\.[0-9]+\.[0-9]+$`),
	"-helm":       regexp.MustCompile(`^v3\.[0-9]+\.[0-9]+$`),
	"-registry":   regexp.MustCompile(`^v3\.[0-9]+\.[0-9]+$`),
	"-prometheus": regexp.MustCompile(`^v0\.[0-9]+\.[0-9]+$`),
}

// config is what the driver hands the process it runs in the private namespaces.
type config struct {
	Suite   harness.HelmSuite
	Verbose bool
}

func main() {
	containerd := flag.String("containerd", harness.DefaultNodeContainerd, "the containerd release")
	kubernetes := flag.String("kubernetes", harness.DefaultKubernetes, "the Kubernetes release")
	etcd := flag.String("etcd", harness.DefaultEtcd, "the etcd release")
	helmVersion := flag.String("helm", harness.DefaultHelm, "the Helm release")
	image := flag.String("image", "", "the plugin's OCI archive (verification/oci-image/target/image/image.oci.tar)")
	imageRef := flag.String("image-ref", "", "the name the archive imports as, e.g. docker.io/nri4j/spring-hello:0.1.0")
	chart := flag.String("chart", "../../helm/nri-plugin", "the chart")
	out := flag.String("out", "target/helm-e2e", "where to write images and the summary")
	verbose := flag.Bool("v", false, "show the output of passing cases too")
	strict := flag.Bool("strict", false, "fail when no case passed, every one skipped (CI)")
	registry := flag.String("registry", harness.DefaultRegistry, "the distribution (OCI registry) release of the quickstart")
	prometheus := flag.String("prometheus", harness.DefaultPrometheus, "the Prometheus module version (v0.316.0 is Prometheus 3.16.0)")
	queries := flag.String("dashboard-queries", "../chart-tests/dashboard-queries.txt", "the chart dashboard's queries, one a line")
	root := flag.String("repo-root", "../..", "the repository's root: its mvnw runs the quickstart's Maven")
	mavenRepo := flag.String("maven-repo", "", "the file repository the archetype is deployed to (default <repo-root>/target/maven-repo)")
	localRepo := flag.String("local-repo", "", "the quickstart's Maven local repository (default <repo-root>/verification/consumer-it/target/local-repo)")
	archetypeVersion := flag.String("archetype-version", "", "the archetype's version (default the tag of -image-ref)")
	archetypePlugin := flag.String("archetype-plugin", "3.4.1", "the maven-archetype-plugin's version (the root pom's maven-archetype-plugin.version)")
	javaHome := flag.String("java-home", defaultJavaHome(), "the JDK the quickstart's Maven runs on (default $JAVA_HOME, or the java on the PATH)")
	groups := flag.String("run", "", "a regular expression choosing the groups to run, e.g. quickstart")
	inner := flag.String("inner", "", "internal: run the cases with this configuration file")
	flag.Parse()
	if *inner != "" {
		os.Exit(runInner(*inner))
	}
	for name, v := range map[string]string{"-containerd": *containerd, "-kubernetes": *kubernetes, "-etcd": *etcd,
		"-helm": *helmVersion, "-registry": *registry, "-prometheus": *prometheus} {
		if !versions[name].MatchString(v) {
			fail("%s: %q is not a release such as %s", name, v, versions[name].String())
		}
	}
	if i := strings.LastIndex(*imageRef, ":"); i < 0 || strings.Contains((*imageRef)[i:], "/") {
		fail("-image-ref: %q has no tag (want e.g. docker.io/nri4j/spring-hello:0.1.0)", *imageRef)
	}
	label := fmt.Sprintf("Kubernetes %s, containerd %s", *kubernetes, *containerd)
	if _, err := regexp.Compile(*groups); err != nil {
		fail("-run: %v", err)
	}
	suite := harness.HelmSuite{Release: harness.Release{Version: *containerd}, ImageRef: *imageRef, Groups: *groups}
	if reason := missing(harness.ThisHost()); reason != "" {
		os.Exit(skipAll(&suite, reason, label, *strict))
	}
	// The plugin's image runs in every group but the quickstart, which builds its own.
	for _, g := range suite.GroupNames() {
		if g != "quickstart" && suite.Wants(g) && suite.PluginImage == "" {
			if _, err := os.Stat(*image); err != nil {
				fail("-image: %v (build it first: ./mvnw package -pl verification/oci-image -am)", err)
			}
			suite.PluginImage = harness.Abs(*image)
		}
	}
	if _, err := os.Stat(filepath.Join(*chart, "Chart.yaml")); err != nil {
		fail("-chart: %v", err)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail("%v", err)
	}
	suite.Chart = harness.Abs(*chart)
	if suite.Wants("prometheus") {
		if _, err := os.Stat(*queries); err != nil {
			fail("-dashboard-queries: %v", err)
		}
		suite.Queries = harness.Abs(*queries)
	}

	start := time.Now()
	cache := harness.CacheDir()
	type step struct {
		what   string
		script string
		args   []string
	}
	steps := []step{
		{"Debian packages", "fetch-debs.sh", nil},
		{"containerd " + *containerd, "build-containerd.sh", []string{*containerd}},
		{"Kubernetes " + *kubernetes, "build-kubernetes.sh", []string{*kubernetes}},
		{"etcd " + *etcd, "build-etcd.sh", []string{*etcd}},
		{"helm " + *helmVersion, "build-helm.sh", []string{*helmVersion}},
		{"registry " + *registry, "build-registry.sh", []string{*registry}},
	}
	if suite.Wants("prometheus") {
		steps = append(steps, step{"Prometheus " + *prometheus, "build-prometheus.sh", []string{*prometheus}})
	}
	for _, s := range steps {
		if err := harness.Script(s.script, s.args...); err != nil {
			fmt.Printf("--- FAIL: helm-e2e (could not build %s: %v)\n", s.what, err)
			fmt.Printf("helm-e2e: 0 passed, 1 failed (%s) in %s\n", label, time.Since(start).Round(time.Second))
			os.Exit(1)
		}
	}
	suite.Debs = filepath.Join(cache, "debs", "root")
	suite.Release.BinDir = filepath.Join(cache, "containerd", *containerd, "bin")
	suite.KubeBin = filepath.Join(cache, "kubernetes", *kubernetes, "bin")
	suite.Etcd = filepath.Join(cache, "etcd", *etcd, "bin", "etcd")
	suite.Helm = filepath.Join(cache, "bin", "helm")
	suite.Prometheus = filepath.Join(cache, "prometheus", *prometheus, "bin", "prometheus")
	var err error
	if suite.PauseImage, suite.TestImage, err = harness.BuildImages(harness.Abs(*out), suite.Debs); err != nil {
		fail("images: %v", err)
	}
	fmt.Printf("helm-e2e: prepared in %s\n", time.Since(start).Round(time.Second))
	stopQuick := func() {}
	if suite.Wants("quickstart") {
		in := harness.QuickStartInputs{Mvnw: filepath.Join(harness.Abs(*root), "mvnw"), MavenRepo: *mavenRepo,
			LocalRepo: *localRepo, Version: *archetypeVersion, ArchetypePlugin: *archetypePlugin, JavaHome: *javaHome, Helm: suite.Helm, Chart: suite.Chart,
			Registry: filepath.Join(cache, "registry", *registry, "bin", "registry"),
			OCIImage: filepath.Join(harness.Abs(*root), "verification", "oci-image"), Dir: filepath.Join(harness.Abs(*out), "quickstart")}
		if in.MavenRepo == "" {
			in.MavenRepo = filepath.Join(harness.Abs(*root), "target", "maven-repo")
		}
		if in.LocalRepo == "" {
			in.LocalRepo = filepath.Join(harness.Abs(*root), "verification", "consumer-it", "target", "local-repo")
		}
		if in.Version == "" {
			in.Version = (*imageRef)[strings.LastIndex(*imageRef, ":")+1:]
		}
		qStart := time.Now()
		suite.QuickStart, stopQuick = harness.PrepareQuickStart(in)
		fmt.Printf("helm-e2e: quickstart's steps outside the node in %s\n", time.Since(qStart).Round(time.Second))
	}

	// Private mount and network namespaces: the node's tmpfs mounts, sysctl values, bridge and
	// addresses exist only there, and vanish with it.
	s, runErr := harness.RunInside(harness.Abs(*out), []string{"-m", "-n", "--propagation", "private"}, config{Suite: suite, Verbose: *verbose})
	stopQuick()
	if s == nil {
		fmt.Printf("helm-e2e: 0 passed, 1 failed (%s): the cases ended without a summary (%v)\n", label, runErr)
		os.Exit(1)
	}
	code := harness.Finish("helm-e2e", label, *s, *strict, time.Since(start))
	if runErr != nil && code == 0 {
		fmt.Printf("helm-e2e: the cases' process: %v\n", runErr)
		code = 1
	}
	os.Exit(code)
}

func runInner(cfgFile string) int {
	var cfg config
	if err := harness.LoadInside(cfgFile, &cfg); err != nil {
		fmt.Fprintf(os.Stderr, "helm-e2e: %v\n", err)
		return 2
	}
	report := &cases.Report{Verbose: cfg.Verbose}
	root := cases.NewRoot("helm-e2e", report)
	scratch, setUp := os.MkdirTemp("", "nri4j-node-")
	if setUp == nil {
		defer os.RemoveAll(scratch)
		setUp = harness.PrepareNodeNamespace(scratch)
	}
	if setUp != nil {
		harness.FailSetUp(root, "set-up", setUp)
	} else {
		cfg.Suite.Run(root)
	}
	if err := harness.SaveSummary(cfgFile, report, setUp); err != nil {
		fmt.Fprintf(os.Stderr, "helm-e2e: %v\n", err)
		return 2
	}
	return 0
}

// missing says why the node cannot run on h, or "": a missing prerequisite skips every case.
// Whatever fails after these were found is a failure of the suite.
func missing(h harness.Host) string {
	if h.GOOS != "linux" {
		return "Kubernetes nodes run on Linux only"
	}
	if h.EUID != 0 {
		return "the node needs root"
	}
	if err := h.Unshare("-m", "-n", "--propagation", "private"); err != nil {
		return fmt.Sprintf("no private mount and network namespaces (unshare -m -n: %v)", err)
	}
	if err := h.LookPath("ip"); err != nil {
		return "no ip command (iproute2) to set up the node's network namespace"
	}
	if reason := h.MissingDebian(); reason != "" {
		return reason
	}
	if !h.MemoryCgroup() {
		return "no memory cgroup controller"
	}
	return ""
}

// skipAll reports every group of cases skipped, never passed, and returns the driver's exit
// code: 0, or 1 in strict mode.
func skipAll(s *harness.HelmSuite, reason, label string, strict bool) int {
	report := &cases.Report{}
	root := cases.NewRoot("helm-e2e", report)
	for _, name := range s.GroupNames() {
		if !s.Wants(name) {
			continue
		}
		root.Run("containerd-"+s.Release.Version+"/"+name, func(t *cases.T) { t.Skipf("%s", reason) })
	}
	fmt.Printf("helm-e2e: 0 passed, 0 failed (%s), %d skipped: %s\n", label, report.Skipped, reason)
	code, why := harness.Exit(cases.Summary{Skipped: report.Skipped}, strict)
	if why != "" {
		fmt.Printf("helm-e2e: %s: %s\n", why, reason)
	}
	return code
}

// defaultJavaHome is $JAVA_HOME, or the JDK of the java on the PATH, or "".
func defaultJavaHome() string {
	if h := os.Getenv("JAVA_HOME"); h != "" {
		return h
	}
	java, err := exec.LookPath("java")
	if err != nil {
		return ""
	}
	if java, err = filepath.EvalSymlinks(java); err != nil {
		return ""
	}
	return filepath.Dir(filepath.Dir(java))
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "helm-e2e: "+format+"\n", args...)
	os.Exit(2)
}
