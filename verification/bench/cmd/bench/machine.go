package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// describeMachine says what the figures were measured on, for docs/benchmarks.md.
func describeMachine(java string) string {
	model := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	version, _ := exec.Command(java, "-version").CombinedOutput()
	first, _, _ := strings.Cut(string(version), "\n")
	return fmt.Sprintf("machine: %d CPUs (%s); %s; %s; load average at the start: %s\n",
		runtime.NumCPU(), model, strings.TrimSpace(first), runtime.Version(), loadAverage())
}

func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	return strings.Join(f[:3], " ")
}
