package build

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// User is the image's user: not root, and the same uid distroless images use.
const (
	UserID   = 65532
	UserName = "nonroot"
)

// BasePackages: the C library, and what Debian's own OpenJDK builds link besides (zlib, the C++
// runtime); Temurin's need only the first.
var BasePackages = []string{"libc6", "zlib1g", "libstdc++6", "libgcc-s1"}

// Base fills dir with the smallest root a JVM runs on: the shared objects of BasePackages from
// this machine's Debian release (fetched with apt-get download, cached in cacheDir), /etc/passwd
// and /etc/group with root and the image's user, and the empty /tmp, /proc, /dev and /app.
// It returns the packages with their versions.
func Base(dir, cacheDir string) (string, error) {
	unpacked, err := os.MkdirTemp("", "nri4j-base-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(unpacked)
	var versions []string
	for _, pkg := range BasePackages {
		deb, version, err := debianPackage(pkg, cacheDir)
		if err != nil {
			return "", err
		}
		if out, err := exec.Command("dpkg-deb", "-x", deb, unpacked).CombinedOutput(); err != nil {
			return "", fmt.Errorf("dpkg-deb -x %s: %v: %s", deb, err, out)
		}
		versions = append(versions, pkg+" "+version)
	}
	// The loader and the libraries: lib64/ (the ELF interpreter's path) and [usr/]lib/<triplet>/,
	// not the character set converters, locales or tools.
	var libs []string
	for _, pattern := range []string{"lib/*-linux-gnu/*.so*", "usr/lib/*-linux-gnu/*.so*", "lib64/*"} {
		found, _ := filepath.Glob(filepath.Join(unpacked, pattern))
		libs = append(libs, found...)
	}
	if len(libs) == 0 {
		return "", fmt.Errorf("%v hold no lib/*-linux-gnu/*.so*", BasePackages)
	}
	for _, src := range libs {
		rel, _ := filepath.Rel(unpacked, src)
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(rel)), 0o755); err != nil {
			return "", err
		}
		if err := copyEntry(src, filepath.Join(dir, rel)); err != nil {
			return "", err
		}
	}
	for _, d := range []string{"etc", "proc", "dev", "app", "tmp"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			return "", err
		}
	}
	if err := os.Chmod(filepath.Join(dir, "tmp"), 0o777|os.ModeSticky); err != nil {
		return "", err
	}
	passwd := fmt.Sprintf("root:x:0:0:root:/root:/sbin/nologin\n%s:x:%d:%d:%s:/tmp:/sbin/nologin\n", UserName, UserID, UserID, UserName)
	group := fmt.Sprintf("root:x:0:\n%s:x:%d:\n", UserName, UserID)
	if err := os.WriteFile(filepath.Join(dir, "etc", "passwd"), []byte(passwd), 0o644); err != nil {
		return "", err
	}
	return strings.Join(versions, ", "), os.WriteFile(filepath.Join(dir, "etc", "group"), []byte(group), 0o644)
}

// debianPackage returns the cached package pkg at the version this machine has installed,
// downloading it first if needed.
func debianPackage(pkg, cacheDir string) (path, version string, err error) {
	out, err := exec.Command("dpkg-query", "-W", "-f", "${Version} ${Architecture}", pkg).Output()
	if err != nil {
		return "", "", fmt.Errorf("dpkg-query %s (a Debian-based machine is needed to assemble the base): %w", pkg, err)
	}
	fields := strings.Fields(string(out))
	if len(fields) != 2 {
		return "", "", fmt.Errorf("dpkg-query %s: unexpected %q", pkg, out)
	}
	version, arch := fields[0], fields[1]
	debs := filepath.Join(cacheDir, "debs")
	path = filepath.Join(debs, fmt.Sprintf("%s_%s_%s.deb", pkg, strings.ReplaceAll(version, ":", "%3a"), arch))
	if _, err := os.Stat(path); err == nil {
		return path, version, nil
	}
	if err := os.MkdirAll(debs, 0o755); err != nil {
		return "", "", err
	}
	download := exec.Command("apt-get", "download", pkg+"="+version)
	download.Dir = debs
	if out, err := download.CombinedOutput(); err != nil {
		return "", "", fmt.Errorf("apt-get download %s=%s (after apt-get update?): %v: %s", pkg, version, err, out)
	}
	if _, err := os.Stat(path); err != nil {
		return "", "", fmt.Errorf("apt-get download left no %s", path)
	}
	return path, version, nil
}

// copyEntry copies a file or symbolic link, keeping its mode.
func copyEntry(src, dst string) error {
	if out, err := exec.Command("cp", "-a", src, dst).CombinedOutput(); err != nil {
		return fmt.Errorf("cp -a %s %s: %v: %s", src, dst, err, out)
	}
	return nil
}
