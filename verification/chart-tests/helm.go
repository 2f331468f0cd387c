package charttests

import (
	"bytes"
	"fmt"
	"os/exec"
	"strings"
)

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
