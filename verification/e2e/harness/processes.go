package harness

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

const (
	startTimeout  = 60 * time.Second
	stopTimeout   = 20 * time.Second
	pluginTimeout = 90 * time.Second // a Spring Boot plugin's start on a loaded 2-core machine
)

// KillOrphans kills and reaps the processes left to this one (shims, launched plugins) once
// containerd is stopped.
func KillOrphans() {
	self := os.Getpid()
	deadline := time.Now().Add(stopTimeout)
	for {
		children := childrenOf(self)
		if len(children) == 0 || time.Now().After(deadline) {
			return
		}
		for _, pid := range children {
			syscall.Kill(pid, syscall.SIGKILL)
			var ws syscall.WaitStatus
			syscall.Wait4(pid, &ws, 0, nil)
		}
	}
}

func childrenOf(parent int) []int {
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so read after the last ')'.
		fields := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
		if len(fields) > 1 && fields[1] == strconv.Itoa(parent) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// RemoveCgroups removes the cgroups runc made under parent, in every cgroup v1 hierarchy or
// the v2 one.
func RemoveCgroups(parent string) {
	roots, _ := filepath.Glob("/sys/fs/cgroup/*")
	roots = append(roots, "/sys/fs/cgroup")
	for _, root := range roots {
		dir := filepath.Join(root, parent)
		subs, _ := os.ReadDir(dir)
		for _, s := range subs {
			if s.IsDir() {
				syscall.Rmdir(filepath.Join(dir, s.Name()))
			}
		}
		syscall.Rmdir(dir)
	}
}
