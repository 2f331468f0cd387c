package build

import (
	"archive/zip"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// NativeDir is where the image keeps the JNI libraries its jars carry for its architecture.
// Netty looks on java.library.path first; only when its transport's library is not there does
// it write the library out of its jar into /tmp and load it from there, on every start.
const NativeDir = "/app/native"

// LibraryPath is the java.library.path the entrypoint gives the JVM: NativeDir, then the JVM's
// own default on Linux, so that libraries found there before still are.
const LibraryPath = NativeDir + ":/usr/java/packages/lib:/usr/lib64:/lib64:/lib:/usr/lib"

// LibraryPathFlag is LibraryPath as a JVM option.
const LibraryPathFlag = "-Djava.library.path=" + LibraryPath

// NativeArch is how Netty names a Go architecture in its libraries' names ("" for one it does
// not build for).
func NativeArch(goarch string) string { return nativeArch[goarch] }

var nativeArch = map[string]string{
	"amd64": "x86_64", "arm64": "aarch_64", "ppc64le": "ppcle_64", "s390x": "s390_64", "riscv64": "riscv64",
}

// ExtractNative writes the JNI libraries for goarch that the jars carry under META-INF/native/
// (lib<name>_<arch>.so, Netty's naming) into dir, and returns their names. Of two jars with a
// library of the same name, the first in name order wins, as on a classpath in that order.
func ExtractNative(jars []string, goarch, dir string) ([]string, error) {
	arch := NativeArch(goarch)
	if arch == "" {
		return nil, nil
	}
	sorted := append([]string(nil), jars...)
	sort.Strings(sorted)
	var names []string
	seen := map[string]bool{}
	for _, jar := range sorted {
		extracted, err := extractFrom(jar, "_"+arch+".so", dir, seen)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", jar, err)
		}
		names = append(names, extracted...)
	}
	return names, nil
}

func extractFrom(jar, suffix, dir string, seen map[string]bool) ([]string, error) {
	r, err := zip.OpenReader(jar)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	var names []string
	for _, f := range r.File {
		name := path.Base(f.Name)
		if path.Dir(f.Name) != "META-INF/native" || !strings.HasPrefix(name, "lib") || !strings.HasSuffix(name, suffix) || seen[name] {
			continue
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
		if err := writeEntry(f, filepath.Join(dir, name)); err != nil {
			return nil, err
		}
		seen[name] = true
		names = append(names, name)
	}
	return names, nil
}

func writeEntry(f *zip.File, to string) error {
	in, err := f.Open()
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
