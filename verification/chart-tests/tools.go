package charttests

import (
	"debug/buildinfo"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// goTool is a command built from the Go module proxy, once, into $NRI4J_CACHE/bin (default
// ~/.cache/nri4j/bin, where verification/e2e/scripts/build-helm.sh puts helm too).
type goTool struct {
	name    string // the binary's name
	env     string // a variable that names a binary to use instead
	module  string // the module go install records
	pkg     string // the command's package
	version string
	tags    string // build tags, recorded in the binary too
	// ldflags gives the linker flags of the module's own release build (recorded in the
	// binary too), or none.
	ldflags func() (string, error)
}

var (
	helmTool = goTool{name: "helm", env: "NRI4J_HELM", module: "helm.sh/helm/v3",
		pkg: "helm.sh/helm/v3/cmd/helm", version: "v3.22.0", ldflags: helmLdflags("v3.22.0")}
	// promtool of Prometheus v3.16.0 (the Go module numbers Prometheus 3.x as v0.3xx).
	promtoolTool = goTool{name: "promtool", env: "NRI4J_PROMTOOL", module: "github.com/prometheus/prometheus",
		pkg: "github.com/prometheus/prometheus/cmd/promtool", version: "v0.316.0",
		// Without the service discoveries (cloud SDKs, client-go): rules need none, and the
		// build takes a fraction of the time and the downloads.
		tags: "remove_all_sd"}
)

// helmLdflags are the flags helm's Makefile links a release with, so that the binary reports
// its version and takes the Kubernetes version of its client-go (helm.sh/helm/v3's go.mod:
// v0.37 is 1.37) when no --kube-version is given, instead of the v1.20.0 of an unflagged build,
// which `helm template` refuses the chart's kubeVersion with. verification/e2e/scripts/build-helm.sh
// writes the same string.
func helmLdflags(version string) func() (string, error) {
	return func() (string, error) {
		out, err := exec.Command("go", "mod", "download", "-json", "helm.sh/helm/v3@"+version).Output()
		if err != nil {
			return "", fmt.Errorf("downloading helm.sh/helm/v3@%s: %w", version, err)
		}
		var mod struct{ GoMod string }
		if err := json.Unmarshal(out, &mod); err != nil {
			return "", fmt.Errorf("reading go mod download's answer for helm %s: %w", version, err)
		}
		goMod, err := os.ReadFile(mod.GoMod)
		if err != nil {
			return "", err
		}
		minor := ""
		for _, line := range strings.Split(string(goMod), "\n") {
			if f := strings.Fields(line); len(f) >= 2 && f[0] == "k8s.io/client-go" {
				if v := strings.Split(f[1], "."); len(v) == 3 && v[0] == "v0" {
					minor = v[1]
				}
			}
		}
		if minor == "" {
			return "", fmt.Errorf("%s requires no k8s.io/client-go v0.x.y", mod.GoMod)
		}
		flags := []string{"-X helm.sh/helm/v3/internal/version.version=" + version}
		for _, pkg := range []string{"chartutil", "lint/rules"} {
			flags = append(flags, "-X helm.sh/helm/v3/pkg/"+pkg+".k8sVersionMajor=1",
				"-X helm.sh/helm/v3/pkg/"+pkg+".k8sVersionMinor="+minor)
		}
		return strings.Join(flags, " "), nil
	}
}

// ensure returns a binary of the tool's version: $env if set, else the cached build, (re)built
// when absent or of another version or build.
func (g goTool) ensure() (string, error) {
	ldflags := ""
	if g.ldflags != nil {
		var err error
		if ldflags, err = g.ldflags(); err != nil {
			return "", err
		}
	}
	if explicit := os.Getenv(g.env); explicit != "" {
		return explicit, g.check(explicit, ldflags)
	}
	cache := os.Getenv("NRI4J_CACHE")
	if cache == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		cache = filepath.Join(home, ".cache", "nri4j")
	}
	bin := filepath.Join(cache, "bin")
	binary := filepath.Join(bin, g.name)
	if g.check(binary, ldflags) == nil {
		return binary, nil
	}
	start := time.Now()
	args := []string{"install"}
	if g.tags != "" {
		args = append(args, "-tags", g.tags)
	}
	if ldflags != "" {
		args = append(args, "-ldflags", ldflags)
	}
	install := exec.Command("go", append(args, g.pkg+"@"+g.version)...)
	install.Env = append(os.Environ(), "GOBIN="+bin, "CGO_ENABLED=0")
	install.Stdout, install.Stderr = os.Stderr, os.Stderr
	if err := install.Run(); err != nil {
		return "", fmt.Errorf("building %s %s from the Go module proxy: %w", g.name, g.version, err)
	}
	fmt.Printf("chart: built %s %s into %s in %s\n", g.name, g.version, bin, time.Since(start).Round(time.Second))
	return binary, g.check(binary, ldflags)
}

// check reads what go install recorded in the binary: its module version, build tags and
// linker flags.
func (g goTool) check(binary, ldflags string) error {
	info, err := buildinfo.ReadFile(binary)
	if err != nil {
		return fmt.Errorf("reading the build information of %s: %w", binary, err)
	}
	if info.Main.Path != g.module {
		return fmt.Errorf("%s is no %s built by go install (main module %q)", binary, g.name, info.Main.Path)
	}
	if info.Main.Version != g.version {
		return fmt.Errorf("%s is %s %s, want %s", binary, g.name, info.Main.Version, g.version)
	}
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if settings["-tags"] != g.tags {
		return fmt.Errorf("%s is %s built with tags %q, want %q", binary, g.name, settings["-tags"], g.tags)
	}
	if settings["-ldflags"] != ldflags {
		return fmt.Errorf("%s is %s linked with %q, want %q", binary, g.name, settings["-ldflags"], ldflags)
	}
	return nil
}
