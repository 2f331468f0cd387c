// Package harness runs nri4j's samples beside real containerd releases and drives pods and
// containers through CRI, as a kubelet does: what containerd writes into the OCI spec and
// what the running container sees are the verdict.
package harness

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/nri4j/nri4j/verification/conformance/cases"
)

// T is a case, shared with the conformance harness.
type T = cases.T

// Release is one containerd release and the NRI library it embeds.
type Release struct {
	Version string `json:"version"`
	NRI     string `json:"nri"`
	BinDir  string `json:"binDir"`
}

// Suite holds what every scenario needs.
type Suite struct {
	Java           Java
	AdjusterJar    string // the e2e Spring plugin (src/main/java)
	QuickJava      Java   // the JVM that starts QuickJar (QuickStart)
	QuickJar       string // AdjusterJar extracted, with its CDS archive; empty when no scenario needs it
	ValidatorJar   string // sample-plugins/policy-validator
	HelloClasspath string // sample-plugins/hello-world
	Debs           string
	PauseImage     string // OCI archives
	TestImage      string
	// Traces receives the spans of containerd and the plugin in the trace scenario; set while
	// a release it runs on runs.
	Traces *TraceReceiver
}

type scenario struct {
	name string
	run  func(t *T, c Runtime, r Release)
	// on says which runtimes it runs on (all when nil): not a skip, a choice of matrix.
	on func(c Runtime, r Release) bool
}

// enforcementMatrix: the enforcement scenarios take a minute or more per runtime, so they run
// on the first containerd with validation (v2.2.0), the latest (v2.4.2) and CRI-O.
func enforcementMatrix(c Runtime, r Release) bool {
	return strings.HasPrefix(c.Name(), "CRI-O") || r.Version == "v2.2.0" || r.Version == "v2.4.2"
}

func (s *Suite) scenarios() []scenario {
	return []scenario{
		{"launched", s.launched, nil},
		{"external-plugin", s.external, nil},
		{"restart", s.restart, nil},
		{"validation", s.validation, nil},
		{"graceful-stop", s.gracefulStop, nil},
		{"downtime", s.downtime, enforcementMatrix},
		{"race", s.race, enforcementMatrix},
		{"old-runtime", s.oldRuntime, nil},
		{"trace", s.trace, traceMatrix},
	}
}

// ScenarioNames lists the scenarios, for reporting them skipped.
func (s *Suite) ScenarioNames() []string {
	var names []string
	for _, sc := range s.scenarios() {
		names = append(names, sc.name)
	}
	return names
}

// RunRelease starts containerd r in a fresh directory, runs the scenarios matching filter
// against it, and stops it and everything it started.
func (s *Suite) RunRelease(root *T, r Release, filter string) {
	root.Run("containerd-"+r.Version, func(t *T) {
		c, err := NewContainerd(r.Version, r.BinDir, s.Debs, t.TempDir(), s.cgroupParent(r.Version))
		if err != nil {
			t.Fatalf("%v", err)
		}
		if traceMatrix(c, r) && (filter == "" || strings.Contains("trace", filter)) {
			s.traceContainerd(t, c)
		}
		s.runOn(t, c, r, filter, c.PluginDir, nil, func() error {
			for _, image := range []string{s.PauseImage, s.TestImage} {
				if err := c.Import(image); err != nil {
					return err
				}
			}
			return nil
		})
	})
}

func (s *Suite) cgroupParent(name string) string {
	return fmt.Sprintf("/nri4j-e2e-%d-%s", os.Getpid(), strings.ReplaceAll(name, ".", "-"))
}

// runOn installs the launched plugin into pluginDir, runs before, starts the runtime, runs
// after, then the scenarios matching filter; in the end every pod is removed, the runtime
// stopped, what it left running ended and the cgroups removed, also when a case failed.
func (s *Suite) runOn(t *T, c managedRuntime, r Release, filter, pluginDir string, before, after func() error) {
	s.installHelloWorld(t, filepath.Dir(pluginDir), pluginDir)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("%s log:\n%s", c.Name(), c.LogTail(40))
		}
		if err := c.RemoveAllPods(); err != nil {
			t.Logf("%v", err)
		}
		c.Stop(stopTimeout)
		c.Close()
		KillOrphans()
		RemoveCgroups(c.cgroupParent())
	})
	for _, step := range []func() error{before, func() error { return c.Start(startTimeout) }, after} {
		if step == nil {
			continue
		}
		if err := step(); err != nil {
			t.Fatalf("%v", err)
		}
	}
	for _, sc := range s.scenarios() {
		if (filter == "" || strings.Contains(sc.name, filter)) && (sc.on == nil || sc.on(c, r)) {
			t.Run(sc.name, func(t *T) { sc.run(t, c, r) })
		}
	}
}

// AtLeast reports whether version v (vMAJOR.MINOR.PATCH) is at least min.
func AtLeast(v, min string) bool {
	a, b := numbers(v), numbers(min)
	for i := range b {
		if a[i] != b[i] {
			return a[i] > b[i]
		}
	}
	return true
}

func numbers(v string) [3]int {
	var n [3]int
	fmt.Sscanf(strings.SplitN(strings.TrimPrefix(v, "v"), "-", 2)[0], "%d.%d.%d", &n[0], &n[1], &n[2])
	return n
}

// installHelloWorld puts the hello-world sample into the runtime's plugin directory: a script
// with absolute paths, since the runtime passes only the NRI variables in the environment.
func (s *Suite) installHelloWorld(t *T, dir, pluginDir string) {
	args := append([]string{s.Java.Binary}, s.Java.JVMArgs...)
	args = append(args, "-cp", s.HelloClasspath, "io.nri4j.samples.hello.HelloWorldPlugin")
	logFile := filepath.Join(dir, "50-hello-world.log")
	script := "#!/bin/sh\nexec " + shellQuote(args) + " 2>>" + shellQuote([]string{logFile}) + "\n"
	if err := os.WriteFile(filepath.Join(pluginDir, "50-hello-world"), []byte(script), 0o755); err != nil {
		t.Fatalf("%v", err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			log, _ := os.ReadFile(logFile)
			t.Logf("50-hello-world stderr:\n%s", tail(string(log), 30))
		}
	})
}

func shellQuote(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(quoted, " ")
}
