// Command helm-e2e builds (once, cached) containerd, Kubernetes, etcd and helm from the Go
// module proxy, starts a single-node Kubernetes on containerd in private mount and network
// namespaces, and installs, restarts under and upgrades the nri-plugin chart there with the
// plugin's OCI image (oci-image/). It ends with one summary line:
//
//	helm-e2e: N passed, M failed (Kubernetes v1.34.4, containerd v2.4.2)
//
// and exits non-zero if a case failed or something could not be built. Without root or
// namespaces it reports every case skipped, with the reason.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"time"

	"github.com/nri4j/nri4j/conformance/cases"
	"github.com/nri4j/nri4j/e2e/harness"
)

var versions = map[string]*regexp.Regexp{
	"-containerd": regexp.MustCompile(`^v2\.[0-9]+\.[0-9]+$`),
	"-kubernetes": regexp.MustCompile(`^v1\.[0-9]+\.[0-9]+$`),
	"-etcd":       regexp.MustCompile(`^v3\.[0-9]+\.[0-9]+$`),
	"-helm":       regexp.MustCompile(`^v3\.[0-9]+\.[0-9]+$`),
}

// config is what the driver hands the process it runs in the private namespaces.
type config struct {
	Suite   harness.HelmSuite
	Verbose bool
}

func main() {
	containerd := flag.String("containerd", "v2.4.2", "the containerd release")
	kubernetes := flag.String("kubernetes", "v1.34.4", "the Kubernetes release")
	etcd := flag.String("etcd", "v3.6.16", "the etcd release")
	helmVersion := flag.String("helm", "v3.22.0", "the Helm release")
	image := flag.String("image", "", "the plugin's OCI archive (oci-image/target/image/image.oci.tar)")
	imageRef := flag.String("image-ref", "", "the name the archive imports as, e.g. docker.io/nri4j/spring-hello:0.1.0")
	chart := flag.String("chart", "../helm/nri-plugin", "the chart")
	out := flag.String("out", "target/helm-e2e", "where to write images and the summary")
	verbose := flag.Bool("v", false, "show the output of passing cases too")
	inner := flag.String("inner", "", "internal: run the cases with this configuration file")
	flag.Parse()
	if *inner != "" {
		os.Exit(runInner(*inner))
	}
	for name, v := range map[string]string{"-containerd": *containerd, "-kubernetes": *kubernetes, "-etcd": *etcd, "-helm": *helmVersion} {
		if !versions[name].MatchString(v) {
			fail("%s: %q is not a release such as %s", name, v, versions[name].String())
		}
	}
	if i := strings.LastIndex(*imageRef, ":"); i < 0 || strings.Contains((*imageRef)[i:], "/") {
		fail("-image-ref: %q has no tag (want e.g. docker.io/nri4j/spring-hello:0.1.0)", *imageRef)
	}
	label := fmt.Sprintf("Kubernetes %s, containerd %s", *kubernetes, *containerd)
	suite := harness.HelmSuite{Release: harness.Release{Version: *containerd}, ImageRef: *imageRef}
	if reason := missing(); reason != "" {
		skipAll(&suite, reason, label)
		return
	}
	if _, err := os.Stat(*image); err != nil {
		fail("-image: %v (build it first: ./mvnw package -pl oci-image -am)", err)
	}
	if _, err := os.Stat(filepath.Join(*chart, "Chart.yaml")); err != nil {
		fail("-chart: %v", err)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail("%v", err)
	}
	suite.PluginImage, suite.Chart = harness.Abs(*image), harness.Abs(*chart)

	start := time.Now()
	cache := harness.CacheDir()
	steps := []struct {
		what   string
		script string
		args   []string
	}{
		{"Debian packages", "fetch-debs.sh", nil},
		{"containerd " + *containerd, "build-containerd.sh", []string{*containerd}},
		{"Kubernetes " + *kubernetes, "build-kubernetes.sh", []string{*kubernetes}},
		{"etcd " + *etcd, "build-etcd.sh", []string{*etcd}},
		{"helm " + *helmVersion, "build-helm.sh", []string{*helmVersion}},
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
	var err error
	if suite.PauseImage, suite.TestImage, err = harness.BuildImages(harness.Abs(*out), suite.Debs); err != nil {
		fail("images: %v", err)
	}
	fmt.Printf("helm-e2e: prepared in %s\n", time.Since(start).Round(time.Second))

	// Private mount and network namespaces: the node's tmpfs mounts, sysctl values, bridge and
	// addresses exist only there, and vanish with it.
	s, runErr := harness.RunInside(harness.Abs(*out), []string{"-m", "-n", "--propagation", "private"}, config{Suite: suite, Verbose: *verbose})
	if s == nil {
		fmt.Printf("helm-e2e: 0 passed, 1 failed (%s): the cases ended without a summary (%v)\n", label, runErr)
		os.Exit(1)
	}
	for _, f := range s.Failures {
		fmt.Printf("failed: %s\n", f)
	}
	fmt.Printf("helm-e2e: %d passed, %d failed (%s)%s in %s\n", s.Passed, s.Failed, label,
		harness.SkippedSuffix(s.Skipped), time.Since(start).Round(time.Second))
	if s.Failed > 0 || runErr != nil {
		os.Exit(1)
	}
}

func runInner(cfgFile string) int {
	var cfg config
	if err := harness.LoadInside(cfgFile, &cfg); err != nil {
		fmt.Fprintf(os.Stderr, "helm-e2e: %v\n", err)
		return 2
	}
	report := &cases.Report{Verbose: cfg.Verbose}
	root := cases.NewRoot("helm-e2e", report)
	scratch, err := os.MkdirTemp("", "nri4j-node-")
	if err == nil {
		defer os.RemoveAll(scratch)
		err = harness.PrepareNodeNamespace(scratch)
	}
	if err != nil {
		for _, name := range cfg.Suite.GroupNames() {
			root.Run("containerd-"+cfg.Suite.Release.Version+"/"+name, func(t *cases.T) {
				t.Skipf("no private namespaces for the node: %v", err)
			})
		}
	} else {
		cfg.Suite.Run(root)
	}
	if err := harness.SaveSummary(cfgFile, report); err != nil {
		fmt.Fprintf(os.Stderr, "helm-e2e: %v\n", err)
		return 2
	}
	return 0
}

// missing says why the node cannot run here, or "".
func missing() string {
	if runtime.GOOS != "linux" {
		return "Kubernetes nodes run on Linux only"
	}
	if os.Geteuid() != 0 {
		return "the node needs root"
	}
	if out, err := exec.Command("unshare", "-m", "-n", "--propagation", "private", "true").CombinedOutput(); err != nil {
		return fmt.Sprintf("no private mount and network namespaces (unshare -m -n: %v: %s)", err, strings.TrimSpace(string(out)))
	}
	if _, err := exec.LookPath("ip"); err != nil {
		return "no ip command (iproute2) to set up the node's network namespace"
	}
	if _, err := os.Stat("/sys/fs/cgroup/memory"); err != nil {
		if data, err := os.ReadFile("/sys/fs/cgroup/cgroup.controllers"); err != nil || !strings.Contains(string(data), "memory") {
			return "no memory cgroup controller"
		}
	}
	return ""
}

// skipAll reports every group of cases skipped, never passed.
func skipAll(s *harness.HelmSuite, reason, label string) {
	report := &cases.Report{}
	root := cases.NewRoot("helm-e2e", report)
	for _, name := range s.GroupNames() {
		root.Run("containerd-"+s.Release.Version+"/"+name, func(t *cases.T) { t.Skipf("%s", reason) })
	}
	fmt.Printf("helm-e2e: 0 passed, 0 failed (%s), %d skipped: %s\n", label, report.Skipped, reason)
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "helm-e2e: "+format+"\n", args...)
	os.Exit(2)
}
