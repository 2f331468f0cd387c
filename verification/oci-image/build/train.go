package build

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"
)

// ClassData is the class-data cache the image carries: an AOT cache from JDK 25 on (JEP 483,
// 514), a dynamic CDS archive before.
type ClassData struct {
	Path        string   // in the image
	TrainFlags  []string // the training run's, before -jar
	RuntimeFlag string   // the entrypoint's
	StrictFlag  string   // makes a JVM fail instead of running without the cache
	OffFlag     string   // runs without it
}

// ClassDataFor picks the cache kind for a JDK.
func ClassDataFor(jdk JDK) ClassData {
	if jdk.Feature >= 25 {
		return ClassData{Path: "/app/app.aot", TrainFlags: []string{"-XX:AOTCacheOutput=/app/app.aot"},
			RuntimeFlag: "-XX:AOTCache=/app/app.aot", StrictFlag: "-XX:AOTMode=on", OffFlag: "-XX:AOTMode=off"}
	}
	return ClassData{Path: "/app/app.jsa", TrainFlags: []string{"-XX:ArchiveClassesAtExit=/app/app.jsa"},
		RuntimeFlag: "-XX:SharedArchiveFile=/app/app.jsa", StrictFlag: "-Xshare:on", OffFlag: "-Xshare:off"}
}

// JVMFlags the entrypoint gives every run, training included.
func JVMFlags(jdk JDK) []string {
	flags := []string{"-XX:+UseSerialGC"}
	if jdk.Feature >= 22 {
		flags = append(flags, "--enable-native-access=ALL-UNNAMED") // Netty's epoll transport
	}
	if jdk.Feature >= 24 {
		// Netty 4.2 leaves sun.misc.Unsafe alone on JDK 24+ unless allowed, and with native
		// access on links malloc and free through the FFM Linker instead: about 80 ms of
		// start-up (docs/benchmarks.md). Allowed, it takes the path it takes on JDK 17.
		flags = append(flags, "--sun-misc-unsafe-memory-access=allow")
	}
	return flags
}

// SetTimes gives every file and directory under dir the time Epoch.
func SetTimes(dir string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.Type()&fs.ModeSymlink != 0 {
			return err
		}
		return os.Chtimes(path, Epoch, Epoch)
	})
}

// Union copies the layers' trees, in order, into root.
func Union(root string, layers []Layer) error {
	for _, l := range layers {
		if out, err := exec.Command("cp", "-a", l.Dir+"/.", root).CombinedOutput(); err != nil {
			return fmt.Errorf("cp -a %s: %v: %s", l.Dir, err, out)
		}
	}
	return nil
}

// RootCommand runs argv as the image would, chrooted into root, in private mount and network
// namespaces (no port of the host is taken) with the host's /proc and /dev and a fresh /tmp;
// user is "uid:gid", or "" for root; readOnly mounts root read-only, as the chart does. It
// needs root on the host (unshare, chroot) and changes nothing outside root. The command execs
// all the way down, so its process is the JVM's.
func RootCommand(root, user string, readOnly bool, env []string, argv ...string) *exec.Cmd {
	// The image's PATH is not the host's: the host's tools by their full paths.
	chroot, mount := toolPath("chroot"), toolPath("mount")
	if user != "" {
		chroot += " --userspec=" + user
	}
	remount := ""
	if readOnly {
		remount = fmt.Sprintf(`%[1]s --bind "$r" "$r"; %[1]s -o remount,bind,ro "$r"`, mount)
	}
	script := fmt.Sprintf(`set -e
r="$1"; shift
%[1]s
%[2]s --rbind /proc "$r/proc"
%[2]s --rbind /dev "$r/dev"
%[2]s -t tmpfs -o mode=1777 tmpfs "$r/tmp"
exec %[3]s "$r" "$@"`, remount, mount, chroot)
	args := append([]string{"-m", "-n", "--propagation", "private", "sh", "-c", script, "sh", root}, argv...)
	cmd := exec.Command(toolPath("unshare"), args...)
	cmd.Env = env
	return cmd
}

func toolPath(name string) string {
	if p, err := exec.LookPath(name); err == nil {
		return p
	}
	return name
}

// runWithin runs cmd to its end, killing it after timeout.
func runWithin(cmd *exec.Cmd, timeout time.Duration) ([]byte, error) {
	var killed atomic.Bool
	timer := time.AfterFunc(timeout, func() {
		killed.Store(true)
		if cmd.Process != nil {
			cmd.Process.Kill()
		}
	})
	defer timer.Stop()
	out, err := cmd.CombinedOutput()
	if killed.Load() {
		return out, fmt.Errorf("no exit within %s", timeout)
	}
	return out, err
}

// CanRunInRoot says why InRoot cannot run here, or "" when it can.
func CanRunInRoot() string {
	if os.Geteuid() != 0 {
		return "needs root (unshare -m, chroot)"
	}
	for _, tool := range []string{"unshare", "chroot", "mount"} {
		if _, err := exec.LookPath(tool); err != nil {
			return "needs " + tool
		}
	}
	return ""
}

// Train runs the application in root up to its refreshed context (spring.context.exit=onRefresh:
// every bean created, nothing started, so no connection to a runtime) with the entrypoint's
// flags and the cache's training flags, and returns the cache file it wrote.
func Train(root string, flags []string, cd ClassData) (string, error) {
	argv := append([]string{"/opt/java/bin/java"}, flags...)
	argv = append(argv, cd.TrainFlags...)
	argv = append(argv, "-Dspring.context.exit=onRefresh", "-jar", "/app/app.jar")
	out, err := runWithin(RootCommand(root, "", false, []string{"PATH=/opt/java/bin:/usr/bin:/bin"}, argv...), 10*time.Minute)
	if err != nil {
		return "", fmt.Errorf("training run %s: %v\n%s", strings.Join(argv, " "), err, out)
	}
	file := filepath.Join(root, cd.Path)
	if _, err := os.Stat(file); err != nil {
		return "", fmt.Errorf("the training run wrote no %s:\n%s", cd.Path, out)
	}
	return file, nil
}
