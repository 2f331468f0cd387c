package harness

import (
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// QuickStartProject names the project the quickstart generates.
type QuickStartProject struct {
	GroupID, ArtifactID, PluginName, PluginIndex string
}

// QuickStartInputs are what the quickstart's first steps need outside the node: the
// repository's Maven wrapper, the file repository the archetype was deployed to and the local
// repository resolving from it, the JDK Maven runs on, helm and the chart.
type QuickStartInputs struct {
	Mvnw      string
	MavenRepo string
	LocalRepo string
	Version   string // the archetype's
	// ArchetypePlugin is the maven-archetype-plugin's version.
	ArchetypePlugin string
	JavaHome        string
	Helm            string
	Chart           string
	Registry        string // the registry binary
	OCIImage        string // verification/oci-image, whose cmd/build -base-only writes the base image
	Dir             string
}

// QuickStartRun is what the steps outside the node hand to the group inside it: the time each
// took, or the step that failed and why, and where the registry is.
type QuickStartRun struct {
	Skip    string
	Failed  string // "<step>: <reason>"
	Detail  string // Maven's last lines, for the log
	Steps   []QuickStep
	Project QuickStartProject
	Values  string // the generated project's chart-values.yaml
	Socket  string // the registry, forwarded to this Unix socket
	Port    int    // localhost:<Port> on both sides
	Image   string // repository, without the tag
	Tag     string
	Chart   string // oci://localhost:<Port>/charts/<name>
	Version string // the chart's
}

// QuickStep is one timed step.
type QuickStep struct {
	Name string
	Took time.Duration
}

var quickProject = QuickStartProject{GroupID: "com.example.team", ArtifactID: "team-marker",
	PluginName: "team-marker", PluginIndex: "70"}

const (
	archetype = "nri-spring-boot-archetype"
	quickBase = "nri4j/jre" // the base image Jib builds on, in the registry
	quickTag  = "1.0.0"     // the generated project's version, its image's tag
)

// PrepareQuickStart runs the steps of the quickstart outside the node, where Maven reaches the
// package registries: generate, build, test, build the image with Jib and push it, push the
// chart. A registry serves them on 127.0.0.1 and on a Unix socket; stop stops both.
func PrepareQuickStart(in QuickStartInputs) (q *QuickStartRun, stop func()) {
	q = &QuickStartRun{Project: quickProject}
	stop = func() {}
	if q.Skip = quickStartMissing(in); q.Skip != "" {
		return q, stop
	}
	fail := func(step string, err error) (*QuickStartRun, func()) {
		q.Failed = step + ": " + firstLine(err.Error())
		q.Detail = err.Error()
		return q, stop
	}
	if err := os.RemoveAll(in.Dir); err != nil {
		return fail("set-up", err)
	}
	reg, err := StartRegistry(in.Registry, filepath.Join(in.Dir, "registry"), time.Minute)
	if err != nil {
		return fail("set-up: registry", err)
	}
	// A short path: a Unix socket's name has at most 107 bytes.
	sockDir, err := os.MkdirTemp("", "nri4j-registry-")
	if err != nil {
		reg.Stop()
		return fail("set-up", err)
	}
	q.Socket, q.Port = filepath.Join(sockDir, "registry.sock"), reg.Port
	fwd, err := ForwardUnixToTCP(q.Socket, fmt.Sprintf("127.0.0.1:%d", reg.Port))
	if err != nil {
		reg.Stop()
		return fail("set-up: forwarder", err)
	}
	stop = func() { fwd.Close(); reg.Stop(); os.RemoveAll(sockDir) }
	base := filepath.Join(in.Dir, "base-image")
	build := exec.Command("go", "run", "./cmd/build", "-base-only", "-java-home", in.JavaHome,
		"-name", reg.Host()+"/"+quickBase, "-tag", "base", "-out", base)
	build.Dir = in.OCIImage
	if out, err := build.CombinedOutput(); err != nil {
		return fail("set-up: base image", fmt.Errorf("cmd/build -base-only: %v\n%s", err, tail(string(out), 20)))
	}
	if err := PushLayout(filepath.Join(base, "layout"), reg.Port, quickBase, "base"); err != nil {
		return fail("set-up: base image", err)
	}

	p := q.Project
	project := filepath.Join(in.Dir, p.ArtifactID)
	q.Values = filepath.Join(project, "chart-values.yaml")
	q.Image, q.Tag = reg.Host()+"/team/"+p.ArtifactID, quickTag
	m := maven{in: in, log: filepath.Join(in.Dir, "maven.log")}
	if err := m.writeSettings(); err != nil {
		return fail("set-up", err)
	}
	steps := []struct {
		name string
		run  func() error
	}{
		{"archetype", func() error { return generate(m, p, in.Dir) }},
		{"build", func() error { return m.run(project, "-B", "test-compile") }},
		{"tests", func() error {
			if err := m.run(project, "-B", "verify"); err != nil {
				return err
			}
			return testsRan(project)
		}},
		{"image (Jib)", func() error {
			return m.run(project, "-B", "jib:build", "-Djib.to.image="+q.Image+":"+q.Tag,
				"-Djib.from.image="+reg.Host()+"/"+quickBase+":base", "-Djib.allowInsecureRegistries=true")
		}},
		{"registry", func() error { return pushChart(in, q, reg) }},
	}
	for _, s := range steps {
		start := time.Now()
		if err := s.run(); err != nil {
			return fail(s.name, err)
		}
		q.Steps = append(q.Steps, QuickStep{s.name, time.Since(start)})
	}
	return q, stop
}

// quickStartMissing says why the quickstart cannot run, or "".
func quickStartMissing(in QuickStartInputs) string {
	if in.JavaHome == "" {
		return "no JDK for Maven (-java-home, JAVA_HOME)"
	}
	if _, err := os.Stat(in.Mvnw); err != nil {
		return fmt.Sprintf("no Maven wrapper: %v", err)
	}
	deployed := filepath.Join(in.MavenRepo, "io", "nri4j", archetype, in.Version, "maven-metadata.xml")
	if _, err := os.Stat(deployed); err != nil {
		return fmt.Sprintf("io.nri4j:%s:%s is not deployed to %s (./mvnw verify deploys it before this runs)",
			archetype, in.Version, in.MavenRepo)
	}
	return ""
}

// generate generates the project from the archetype into dir, as its README shows.
func generate(m maven, p QuickStartProject, dir string) error {
	return m.run(dir, "-B", "org.apache.maven.plugins:maven-archetype-plugin:"+m.in.ArchetypePlugin+":generate",
		"-DarchetypeGroupId=io.nri4j", "-DarchetypeArtifactId="+archetype, "-DarchetypeVersion="+m.in.Version,
		"-DgroupId="+p.GroupID, "-DartifactId="+p.ArtifactID, "-Dversion="+quickTag, "-Dpackage="+p.GroupID,
		"-DpluginName="+p.PluginName, "-DpluginIndex="+p.PluginIndex)
}

// testsRan checks that the project's tests ran: Surefire's reports count more than none.
func testsRan(project string) error {
	reports, _ := filepath.Glob(filepath.Join(project, "target", "surefire-reports", "TEST-*.xml"))
	ran := 0
	for _, r := range reports {
		var suite struct {
			Tests   int `xml:"tests,attr"`
			Skipped int `xml:"skipped,attr"`
		}
		data, err := os.ReadFile(r)
		if err != nil {
			return err
		}
		if err := xml.Unmarshal(data, &suite); err != nil {
			return fmt.Errorf("%s: %w", r, err)
		}
		ran += suite.Tests - suite.Skipped
	}
	if ran == 0 {
		return fmt.Errorf("mvn verify ran no test (%d reports in target/surefire-reports)", len(reports))
	}
	return nil
}

// pushChart packages the chart and pushes it to the registry as an OCI artifact, and checks
// that the registry serves it and the plugin's image.
func pushChart(in QuickStartInputs, q *QuickStartRun, reg *Registry) error {
	home := filepath.Join(in.Dir, "helm")
	helm := func(args ...string) (string, error) {
		cmd := exec.Command(in.Helm, args...)
		cmd.Env = append(os.Environ(), "HELM_CACHE_HOME="+filepath.Join(home, "cache"),
			"HELM_CONFIG_HOME="+filepath.Join(home, "config"), "HELM_DATA_HOME="+filepath.Join(home, "data"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			return "", fmt.Errorf("helm %s: %v: %s", args[0], err, strings.TrimSpace(string(out)))
		}
		return string(out), nil
	}
	out, err := helm("package", in.Chart, "-d", in.Dir)
	if err != nil {
		return err
	}
	// "Successfully packaged chart and saved it to: <dir>/<name>-<version>.tgz"
	tgz := strings.TrimSpace(out[strings.LastIndex(out, ": ")+2:])
	name := strings.TrimSuffix(filepath.Base(tgz), ".tgz")
	i := strings.LastIndex(name, "-")
	for i > 0 && !strings.ContainsAny(name[i+1:i+2], "0123456789") {
		i = strings.LastIndex(name[:i], "-")
	}
	if i < 0 {
		return fmt.Errorf("helm package: no chart file in %q", out)
	}
	q.Chart, q.Version = "oci://"+reg.Host()+"/charts/"+name[:i], name[i+1:]
	if _, err := helm("push", tgz, "oci://"+reg.Host()+"/charts", "--plain-http"); err != nil {
		return err
	}
	if err := reg.HasManifest("charts/"+name[:i], q.Version); err != nil {
		return err
	}
	return reg.HasManifest(strings.TrimPrefix(q.Image, reg.Host()+"/"), q.Tag)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
