package harness

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// quickStartScenarios start the e2e plugin over and over: they run it as QuickStart prepares it.
var quickStartScenarios = []string{"downtime", "race"}

// NeedsQuickStart reports whether a scenario that filter keeps runs the plugin as QuickStart
// prepares it.
func NeedsQuickStart(filter string) bool {
	for _, name := range quickStartScenarios {
		if strings.Contains(name, filter) {
			return true
		}
	}
	return false
}

// QuickStart prepares the e2e plugin under dir to start in a fraction of the time, as the OCI
// image does: the jar extracted (Spring Boot's `-Djarmode=tools extract`) and a CDS archive of
// the classes it loads up to its context's refresh, trained once; the JVM compiles with C1
// only. It returns the JVM to start it with and the extracted jar.
func QuickStart(j Java, jar, dir string) (Java, string, error) {
	dest := filepath.Join(dir, "adjuster")
	if err := os.RemoveAll(dest); err != nil {
		return j, "", err
	}
	if out, err := exec.Command(j.Binary, "-Djarmode=tools", "-jar", jar, "extract", "--destination", dest).CombinedOutput(); err != nil {
		return j, "", fmt.Errorf("extracting %s: %v\n%s", jar, err, tail(string(out), 20))
	}
	app := filepath.Join(dest, filepath.Base(jar))
	archive := filepath.Join(dest, "app.jsa")
	quick := Java{Binary: j.Binary, JVMArgs: append(append([]string{}, j.JVMArgs...), "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC")}
	train := append(append([]string{}, quick.JVMArgs...), "-XX:ArchiveClassesAtExit="+archive,
		"-Dspring.context.exit=onRefresh", "-jar", app, "--spring.main.web-application-type=none",
		"--nri.socket-path="+filepath.Join(dest, "no-runtime.sock"))
	if out, err := exec.Command(j.Binary, train...).CombinedOutput(); err != nil {
		return j, "", fmt.Errorf("training the CDS archive: %v\n%s", err, tail(string(out), 20))
	}
	if _, err := os.Stat(archive); err != nil {
		return j, "", fmt.Errorf("training the CDS archive: %v", err)
	}
	quick.JVMArgs = append(quick.JVMArgs, "-XX:SharedArchiveFile="+archive)
	return quick, app, nil
}
