package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
)

// describeMachine says what the figures were measured on, for docs/benchmarks.md.
func describeMachine(java string) string {
	model := "unknown CPU"
	if data, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		model = cpuModel(string(data))
	}
	version, _ := exec.Command(java, "-version").CombinedOutput()
	first, _, _ := strings.Cut(string(version), "\n")
	return fmt.Sprintf("machine: %d CPUs (%s); %s; %s; load average at the start: %s\n",
		runtime.NumCPU(), model, strings.TrimSpace(first), runtime.Version(), loadAverage())
}

// cpuModel is the first processor's model name, with its family, model and clock when
// /proc/cpuinfo has them: a virtual machine's name ("AMD EPYC") can stand for CPUs of
// different generations and speeds.
func cpuModel(cpuinfo string) string {
	fields := map[string]string{}
	for _, line := range strings.Split(cpuinfo, "\n") {
		if strings.TrimSpace(line) == "" && len(fields) > 0 {
			break // the first processor's block ends
		}
		if k, v, ok := strings.Cut(line, ":"); ok {
			fields[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	name := fields["model name"]
	if name == "" {
		return "unknown CPU"
	}
	var more []string
	if f, m := fields["cpu family"], fields["model"]; f != "" && m != "" {
		more = append(more, "family "+f+" model "+m)
	}
	if mhz, err := strconv.ParseFloat(fields["cpu MHz"], 64); err == nil {
		more = append(more, fmt.Sprintf("%.0f MHz", mhz))
	}
	if len(more) == 0 {
		return name
	}
	return name + ", " + strings.Join(more, ", ")
}

func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(data))
	return strings.Join(f[:3], " ")
}
