package harness

import (
	"os"
	"os/exec"
	"path/filepath"
)

// CacheDir is where builds are kept between runs: $NRI4J_CACHE, or ~/.cache/nri4j.
func CacheDir() string {
	if d := os.Getenv("NRI4J_CACHE"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "nri4j")
}

// Script runs one of scripts/ (they cache what they make), from the module's directory.
func Script(name string, args ...string) error {
	cmd := exec.Command(filepath.Join("scripts", name), args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	return cmd.Run()
}

// BuildImages builds the pause binary (cmd/pause) into out and writes the pause image and the
// test image (around Debian's static busybox in debs) there as OCI archives.
func BuildImages(out, debs string) (pauseTar, testTar string, err error) {
	pause := filepath.Join(out, "pause")
	build := exec.Command("go", "build", "-trimpath", "-ldflags", "-s -w", "-o", pause, "./cmd/pause")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	build.Stdout, build.Stderr = os.Stdout, os.Stderr
	if err := build.Run(); err != nil {
		return "", "", err
	}
	return WriteImages(out, pause, filepath.Join(debs, "bin", "busybox"))
}

// Abs is p made absolute, or p if that fails.
func Abs(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	return a
}
