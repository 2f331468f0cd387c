package charttests

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// goTool is a command built from the Go module proxy, once, into ~/.cache/nri4j/bin.
type goTool struct {
	name    string // the binary's name
	env     string // a variable that names a binary to use instead
	module  string // the module go install records
	pkg     string // the command's package
	version string
	tags    string // build tags, recorded in the binary too
}

var (
	helmTool = goTool{name: "helm", env: "NRI4J_HELM", module: "helm.sh/helm/v3",
		pkg: "helm.sh/helm/v3/cmd/helm", version: "v3.22.0"}
	// promtool of Prometheus v3.16.0 (the Go module numbers Prometheus 3.x as v0.3xx).
	promtoolTool = goTool{name: "promtool", env: "NRI4J_PROMTOOL", module: "github.com/prometheus/prometheus",
		pkg: "github.com/prometheus/prometheus/cmd/promtool", version: "v0.316.0",
		// Without the service discoveries (cloud SDKs, client-go): rules need none, and the
		// build takes a fraction of the time and the downloads.
		tags: "remove_all_sd"}
)

// ensure returns a binary of the tool's version: $env if set, else the cached build, (re)built
// when absent or of another version.
func (g goTool) ensure() (string, error) {
	if explicit := os.Getenv(g.env); explicit != "" {
		return explicit, g.checkVersion(explicit)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	bin := filepath.Join(home, ".cache", "nri4j", "bin")
	binary := filepath.Join(bin, g.name)
	if g.checkVersion(binary) == nil {
		return binary, nil
	}
	start := time.Now()
	args := []string{"install"}
	if g.tags != "" {
		args = append(args, "-tags", g.tags)
	}
	install := exec.Command("go", append(args, g.pkg+"@"+g.version)...)
	install.Env = append(os.Environ(), "GOBIN="+bin, "CGO_ENABLED=0")
	install.Stdout, install.Stderr = os.Stderr, os.Stderr
	if err := install.Run(); err != nil {
		return "", fmt.Errorf("building %s %s from the Go module proxy: %w", g.name, g.version, err)
	}
	fmt.Printf("chart: built %s %s into %s in %s\n", g.name, g.version, bin, time.Since(start).Round(time.Second))
	return binary, g.checkVersion(binary)
}

// checkVersion reads the module version go install recorded in the binary: helm built that way
// reports only "v3.22" itself.
func (g goTool) checkVersion(binary string) error {
	out, err := exec.Command("go", "version", "-m", binary).Output()
	if err != nil {
		return fmt.Errorf("reading the build information of %s: %w", binary, err)
	}
	tags, found := "", false
	for _, line := range strings.Split(string(out), "\n") {
		fields := strings.Fields(line)
		if len(fields) >= 3 && fields[0] == "mod" && fields[1] == g.module {
			if fields[2] != g.version {
				return fmt.Errorf("%s is %s %s, want %s", binary, g.name, fields[2], g.version)
			}
			found = true
		}
		if len(fields) >= 2 && fields[0] == "build" && strings.HasPrefix(fields[1], "-tags=") {
			tags = strings.TrimPrefix(fields[1], "-tags=")
		}
	}
	if !found {
		return fmt.Errorf("%s is no %s built by go install", binary, g.name)
	}
	if tags != g.tags {
		return fmt.Errorf("%s is %s built with tags %q, want %q", binary, g.name, tags, g.tags)
	}
	return nil
}
