package build

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// modules a Spring Boot plugin with actuator, a web server and Micrometer needs; those the JDK
// lacks (jdk.crypto.ec is gone from newer releases) are left out. Training fails when one is
// missing, so the list is checked on every build.
var modules = []string{
	"java.base", "java.compiler", "java.desktop", "java.instrument", "java.logging", "java.management",
	"java.naming", "java.net.http", "java.prefs", "java.rmi", "java.scripting", "java.security.jgss",
	"java.sql", "java.xml", "jdk.crypto.ec", "jdk.jfr", "jdk.management", "jdk.naming.dns", "jdk.net",
	"jdk.unsupported", "jdk.zipfs",
}

// JDK is the JDK that builds the image's runtime.
type JDK struct {
	Home    string
	Version string // JAVA_VERSION of its release file, e.g. 17.0.15
	Feature int    // e.g. 17
}

// ReadJDK reads the release file of the JDK at home.
func ReadJDK(home string) (JDK, error) {
	f, err := os.Open(filepath.Join(home, "release"))
	if err != nil {
		return JDK{}, fmt.Errorf("%s is no JDK: %w", home, err)
	}
	defer f.Close()
	scanner := bufio.NewScanner(f)
	for scanner.Scan() {
		if v, ok := strings.CutPrefix(scanner.Text(), "JAVA_VERSION="); ok {
			v = strings.Trim(v, `"`)
			feature, err := strconv.Atoi(strings.SplitN(v, ".", 2)[0])
			if err != nil {
				return JDK{}, fmt.Errorf("%s: JAVA_VERSION %q", home, v)
			}
			return JDK{Home: home, Version: v, Feature: feature}, nil
		}
	}
	return JDK{}, fmt.Errorf("%s/release has no JAVA_VERSION", home)
}

// JRE links a runtime image with jlink (with its default CDS archive, which the application's
// class-data cache builds on) into cacheDir, once per JDK and module list, and returns it.
func JRE(jdk JDK, cacheDir string) (string, error) {
	listed, err := exec.Command(filepath.Join(jdk.Home, "bin", "java"), "--list-modules").Output()
	if err != nil {
		return "", fmt.Errorf("java --list-modules: %w", err)
	}
	available := map[string]bool{}
	for _, line := range strings.Split(string(listed), "\n") {
		available[strings.SplitN(line, "@", 2)[0]] = true
	}
	var use []string
	for _, m := range modules {
		if available[m] {
			use = append(use, m)
		}
	}
	key := sha256.Sum256([]byte(jdk.Home + "\n" + jdk.Version + "\n" + strings.Join(use, ",")))
	out := filepath.Join(cacheDir, "jre", jdk.Version+"-"+hex.EncodeToString(key[:6]))
	if _, err := os.Stat(filepath.Join(out, "bin", "java")); err == nil {
		return out, nil
	}
	tmp := out + ".partial"
	os.RemoveAll(tmp)
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return "", err
	}
	compress := "--compress=zip-6"
	if jdk.Feature < 21 {
		compress = "--compress=2"
	}
	jlink := exec.Command(filepath.Join(jdk.Home, "bin", "jlink"), "--add-modules", strings.Join(use, ","),
		"--output", tmp, "--strip-debug", "--no-header-files", "--no-man-pages", compress, "--generate-cds-archive")
	if b, err := jlink.CombinedOutput(); err != nil {
		return "", fmt.Errorf("jlink: %v: %s", err, b)
	}
	return out, os.Rename(tmp, out)
}
