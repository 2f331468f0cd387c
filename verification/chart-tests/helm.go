package charttests

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// helmVersion is built from the Go module proxy, once, into ~/.cache/nri4j/bin.
const helmVersion = "v3.22.0"

// ensureHelm returns a helm binary of helmVersion: $NRI4J_HELM if set, else the cached build,
// (re)built when absent or of another version.
func ensureHelm() (string, error) {
	if explicit := os.Getenv("NRI4J_HELM"); explicit != "" {
		return explicit, checkVersion(explicit)
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	bin := filepath.Join(home, ".cache", "nri4j", "bin")
	helm := filepath.Join(bin, "helm")
	if checkVersion(helm) == nil {
		return helm, nil
	}
	start := time.Now()
	install := exec.Command("go", "install", "helm.sh/helm/v3/cmd/helm@"+helmVersion)
	install.Env = append(os.Environ(), "GOBIN="+bin, "CGO_ENABLED=0")
	install.Stdout, install.Stderr = os.Stderr, os.Stderr
	if err := install.Run(); err != nil {
		return "", fmt.Errorf("building helm %s from the Go module proxy: %w", helmVersion, err)
	}
	fmt.Printf("chart: built helm %s into %s in %s\n", helmVersion, bin, time.Since(start).Round(time.Second))
	return helm, checkVersion(helm)
}

// checkVersion reads the module version go install recorded in the binary: helm built that way
// reports only "v3.22" itself.
func checkVersion(helm string) error {
	out, err := exec.Command("go", "version", "-m", helm).Output()
	if err != nil {
		return fmt.Errorf("reading the build information of %s: %w", helm, err)
	}
	for _, line := range strings.Split(string(out), "\n") {
		fields := strings.Fields(line)
		if len(fields) >= 3 && fields[0] == "mod" && fields[1] == "helm.sh/helm/v3" {
			if fields[2] != helmVersion {
				return fmt.Errorf("%s is helm %s, want %s", helm, fields[2], helmVersion)
			}
			return nil
		}
	}
	return fmt.Errorf("%s is no helm built by go install", helm)
}

// runHelm runs helm with args and returns its stdout; on failure the error carries stderr.
func runHelm(args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(helmBinary, args...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stdout.String(), fmt.Errorf("helm %s: %w: %s%s", strings.Join(args, " "), err, stderr.String(), stdout.String())
	}
	return stdout.String(), nil
}
