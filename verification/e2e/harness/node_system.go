package harness

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"
)

// The kubelet refuses to run unless these hold, and writes them itself otherwise: in the node's
// mount namespace files with these values are mounted over the host's entries.
var kubeletSysctls = map[string]string{
	"vm/overcommit_memory": "1",
	"kernel/panic":         "10",
	"kernel/panic_on_oops": "1",
}

// PrepareNodeNamespace readies the private mount and network namespaces this process runs in
// for a node: tmpfs on /run (containerd's shim sockets, the NRI socket, the plugin's instances
// directory, network namespaces), /var/log (pod logs) and /var/lib/cni (addresses), the
// kubelet's sysctls, and a network with a default route. Nothing of it reaches the host.
func PrepareNodeNamespace(scratch string) error {
	for _, dir := range []string{"/run", "/var/log", "/var/lib/cni"} {
		if err := MountTmpfs(dir, 0o755); err != nil {
			return err
		}
	}
	if err := os.MkdirAll("/run/containerd", 0o711); err != nil {
		return err
	}
	for entry, value := range kubeletSysctls {
		file := filepath.Join(scratch, strings.ReplaceAll(entry, "/", "."))
		if err := os.WriteFile(file, []byte(value+"\n"), 0o644); err != nil {
			return fmt.Errorf("the value of /proc/sys/%s: %w", entry, err)
		}
		if err := syscall.Mount(file, filepath.Join("/proc/sys", entry), "", syscall.MS_BIND, ""); err != nil {
			return fmt.Errorf("bind mount over /proc/sys/%s: %w", entry, err)
		}
	}
	// The kubelet needs a node address that is not loopback and a default route to find it.
	for _, args := range [][]string{
		{"link", "set", "lo", "up"},
		{"link", "add", "nri4j0", "type", "bridge"},
		{"addr", "add", NodeIP + "/24", "dev", "nri4j0"},
		{"link", "set", "nri4j0", "up"},
		{"route", "add", "default", "dev", "nri4j0"},
	} {
		if out, err := exec.Command("ip", args...).CombinedOutput(); err != nil {
			return fmt.Errorf("ip %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
		}
	}
	return BecomeSubreaper()
}

// cgroupRoots are the cgroup hierarchies: the v2 one, or every v1 hierarchy.
func cgroupRoots() []string {
	if _, err := os.Stat("/sys/fs/cgroup/cgroup.controllers"); err == nil {
		return []string{"/sys/fs/cgroup"}
	}
	entries, _ := os.ReadDir("/sys/fs/cgroup")
	var roots []string
	for _, e := range entries {
		dir := filepath.Join("/sys/fs/cgroup", e.Name())
		if e.IsDir() && e.Type()&os.ModeSymlink == 0 {
			if _, err := os.Stat(filepath.Join(dir, "cgroup.procs")); err == nil {
				roots = append(roots, dir)
			}
		}
	}
	return roots
}

// removeCgroupTree removes a cgroup and every cgroup below it, deepest first; a cgroup whose
// last process just died may stay busy for a moment.
func removeCgroupTree(root string) {
	poll(10*time.Second, func() (bool, error) {
		var dirs []string
		filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				dirs = append(dirs, path)
			}
			return nil
		})
		sort.Slice(dirs, func(i, j int) bool { return len(dirs[i]) > len(dirs[j]) })
		for _, d := range dirs {
			syscall.Rmdir(d)
		}
		_, err := os.Stat(root)
		return os.IsNotExist(err), nil
	})
}

// unmountUnder detaches every mount below dir (the kubelet's volumes), deepest first.
func unmountUnder(dir string) {
	data, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		return
	}
	var points []string
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) > 4 && strings.HasPrefix(f[4], dir+"/") {
			points = append(points, f[4])
		}
	}
	sort.Slice(points, func(i, j int) bool { return len(points[i]) > len(points[j]) })
	for _, p := range points {
		syscall.Unmount(p, syscall.MNT_DETACH)
	}
}

func httpGet(url string) error {
	c := http.Client{Timeout: 3 * time.Second}
	rsp, err := c.Get(url)
	if err != nil {
		return err
	}
	rsp.Body.Close()
	if rsp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s: HTTP %d", url, rsp.StatusCode)
	}
	return nil
}
