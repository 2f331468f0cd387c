package harness

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// ChartValues is the chart's values, from the conformance and bench modules' directories.
const ChartValues = "../../helm/nri-plugin/values.yaml"

// ChartJVMOptions reads jvm.options from the chart's values.
func ChartJVMOptions(values string) ([]string, error) {
	data, err := os.ReadFile(values)
	if err != nil {
		return nil, err
	}
	return jvmOptions(values, data)
}

func jvmOptions(values string, data []byte) ([]string, error) {
	m := regexp.MustCompile(`(?m)^jvm:\n(?:\s*#.*\n)*\s+options:\s*"([^"]*)"`).FindSubmatch(data)
	if m == nil {
		return nil, fmt.Errorf("%s: no jvm.options", values)
	}
	return strings.Fields(string(m[1])), nil
}

// ChartJVM is how a JVM in the chart's pod starts: its jvm.options, and -XX:MaxRAM at the pod's
// memory limit, which is the memory the JVM sizes its heap from in the container (it reads the
// limit from its cgroup; a process outside one is told with -XX:MaxRAM).
func ChartJVM(values string) ([]string, error) {
	data, err := os.ReadFile(values)
	if err != nil {
		return nil, err
	}
	options, err := jvmOptions(values, data)
	if err != nil {
		return nil, err
	}
	m := regexp.MustCompile(`(?m)^resources:\n(?:[ #].*\n)*?\s+limits:\n(?:\s*#.*\n)*\s+memory:\s*"?(\d+)(Mi|Gi)"?`).FindSubmatch(data)
	if m == nil {
		return nil, fmt.Errorf("%s: no resources.limits.memory in Mi or Gi", values)
	}
	n, _ := strconv.Atoi(string(m[1]))
	if string(m[2]) == "Gi" {
		n *= 1024
	}
	return append(options, fmt.Sprintf("-XX:MaxRAM=%dm", n)), nil
}
