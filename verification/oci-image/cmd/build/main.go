// Command build writes an OCI image of a Spring Boot plugin without a container engine: a base
// of Debian's C library, a jlinked runtime of the building JDK, the jar's layers as Spring Boot
// extracts them, and a class-data cache trained on that very tree (an AOT cache from JDK 25 on,
// a CDS archive before). It writes an OCI image layout and the same as a tar file, which
// `ctr images import` takes.
//
// With -base-only it writes the base and the runtime alone, no application and no entrypoint:
// an image to build on, e.g. as Jib's base (its default entrypoint runs `java` from the PATH).
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/nri4j/nri4j/verification/oci-image/build"
)

func main() {
	jar := flag.String("jar", "", "the Spring Boot jar")
	javaHome := flag.String("java-home", "", "the JDK whose runtime the image ships")
	name := flag.String("name", "docker.io/nri4j/spring-hello", "the image's name")
	tag := flag.String("tag", "latest", "the image's tag")
	out := flag.String("out", "target/image", "where to write: layout/, image.oci.tar, work/")
	defaultCache := os.Getenv("NRI4J_CACHE")
	if defaultCache == "" {
		defaultCache = filepath.Join(os.Getenv("HOME"), ".cache", "nri4j")
	}
	cache := flag.String("cache", defaultCache, "where the libc6 package and jlinked runtimes are kept (default $NRI4J_CACHE, or ~/.cache/nri4j)")
	baseOnly := flag.Bool("base-only", false, "write the base and runtime layers only, without -jar")
	flag.Parse()
	if *javaHome == "" || (*jar == "") != *baseOnly {
		fail("-java-home is required, and -jar unless -base-only (not both)")
	}
	start := time.Now()
	assemble := run
	if *baseOnly {
		assemble = runBase
	}
	if err := assemble(*jar, *javaHome, *name, *tag, *out, *cache); err != nil {
		fail("%v", err)
	}
	fmt.Printf("image: built in %s\n", time.Since(start).Round(100*time.Millisecond))
}

func run(jar, javaHome, name, tag, out, cache string) error {
	jdk, layers, err := baseLayers(javaHome, out, cache)
	if err != nil {
		return err
	}
	work := filepath.Join(out, "work")
	part := func(n string) string { return filepath.Join(work, "layers", n) }
	appLayers, err := build.ExtractApp(filepath.Join(javaHome, "bin", "java"), jar, filepath.Join(work, "layers"))
	if err != nil {
		return err
	}
	flags := build.JVMFlags(jdk)
	natives, err := extractNative(part, appLayers)
	if err != nil {
		return err
	}
	if len(natives) > 0 {
		flags = append(flags, build.LibraryPathFlag)
		fmt.Printf("image: %s holds %s\n", build.NativeDir, strings.Join(natives, ", "))
	}
	for _, l := range appLayers {
		if empty, _ := isEmptyTree(filepath.Join(part(l), "app")); empty {
			continue
		}
		layers = append(layers, build.Layer{Title: l, Dir: part(l), CreatedBy: "java -Djarmode=tools -jar " + filepath.Base(jar) + " extract --layers (" + l + ")"})
	}
	for _, l := range layers[2:] {
		if err := build.SetTimes(l.Dir); err != nil {
			return err
		}
	}

	cd := build.ClassDataFor(jdk)
	entrypoint := append([]string{"/opt/java/bin/java"}, flags...)
	if why := build.CanRunInRoot(); why != "" {
		fmt.Printf("image: no class-data cache: training %s\n", why)
	} else {
		root := filepath.Join(work, "rootfs")
		if err := os.MkdirAll(root, 0o755); err != nil {
			return err
		}
		if err := build.Union(root, layers); err != nil {
			return err
		}
		trainStart := time.Now()
		file, err := build.Train(root, flags, cd)
		if err != nil {
			return err
		}
		classData := part("class-data")
		if err := os.MkdirAll(filepath.Join(classData, "app"), 0o755); err != nil {
			return err
		}
		if err := os.Rename(file, filepath.Join(classData, cd.Path)); err != nil {
			return err
		}
		if err := build.SetTimes(classData); err != nil {
			return err
		}
		layers = append(layers, build.Layer{Title: "class-data", Dir: classData, CreatedBy: "training run " + cd.TrainFlags[0]})
		entrypoint = append(entrypoint, cd.RuntimeFlag)
		fmt.Printf("image: trained %s in %s\n", cd.Path, time.Since(trainStart).Round(100*time.Millisecond))
	}
	entrypoint = append(entrypoint, "-jar", "/app/app.jar")

	user := strconv.Itoa(build.UserID)
	img := build.Image{Name: name, Tag: tag, Architecture: runtime.GOARCH, Layers: layers, Runtime: build.RuntimeConfig{
		User:         user + ":" + user,
		Entrypoint:   entrypoint,
		Env:          []string{"PATH=/opt/java/bin:/usr/bin:/bin", "JAVA_HOME=/opt/java"},
		WorkingDir:   "/app",
		ExposedPorts: map[string]struct{}{"8081/tcp": {}},
		Labels:       map[string]string{"org.opencontainers.image.title": filepath.Base(name), "org.opencontainers.image.version": tag},
	}}
	return write(img, out)
}

// runBase writes the base and runtime layers alone, with the runtime on the PATH.
func runBase(_, javaHome, name, tag, out, cache string) error {
	_, layers, err := baseLayers(javaHome, out, cache)
	if err != nil {
		return err
	}
	user := strconv.Itoa(build.UserID)
	return write(build.Image{Name: name, Tag: tag, Architecture: runtime.GOARCH, Layers: layers, Runtime: build.RuntimeConfig{
		User:   user + ":" + user,
		Env:    []string{"PATH=/opt/java/bin:/usr/bin:/bin", "JAVA_HOME=/opt/java"},
		Labels: map[string]string{"org.opencontainers.image.title": filepath.Base(name), "org.opencontainers.image.version": tag},
	}}, out)
}

// baseLayers empties out and lays out there the base (Debian's C library, the image's user)
// and the jlinked runtime of the JDK at javaHome under /opt/java, with their times set.
func baseLayers(javaHome, out, cache string) (build.JDK, []build.Layer, error) {
	jdk, err := build.ReadJDK(javaHome)
	if err != nil {
		return jdk, nil, err
	}
	os.RemoveAll(out)
	part := func(n string) string { return filepath.Join(out, "work", "layers", n) }
	if err := os.MkdirAll(part("base"), 0o755); err != nil {
		return jdk, nil, err
	}
	libc, err := build.Base(part("base"), cache)
	if err != nil {
		return jdk, nil, err
	}
	jre, err := build.JRE(jdk, cache)
	if err != nil {
		return jdk, nil, err
	}
	if err := os.MkdirAll(part("jre")+"/opt", 0o755); err != nil {
		return jdk, nil, err
	}
	if b, err := exec.Command("cp", "-a", jre, part("jre")+"/opt/java").CombinedOutput(); err != nil {
		return jdk, nil, fmt.Errorf("copying the runtime: %v: %s", err, b)
	}
	layers := []build.Layer{
		{Title: "base", Dir: part("base"), CreatedBy: libc + " (Debian), /etc/passwd, /etc/group"},
		{Title: "jre", Dir: part("jre"), CreatedBy: "jlink of JDK " + jdk.Version},
	}
	for _, l := range layers {
		if err := build.SetTimes(l.Dir); err != nil {
			return jdk, nil, err
		}
	}
	return jdk, layers, nil
}

// write writes img as an OCI image layout under out/layout and as the tar file out/image.oci.tar.
func write(img build.Image, out string) error {
	layout := filepath.Join(out, "layout")
	if err := build.WriteLayout(img, layout); err != nil {
		return err
	}
	tarFile, _ := filepath.Abs(filepath.Join(out, "image.oci.tar"))
	if b, err := exec.Command("tar", "--sort=name", "--owner=0", "--group=0", "--numeric-owner", "--mtime=@315532800",
		"-C", layout, "-cf", tarFile, ".").CombinedOutput(); err != nil {
		return fmt.Errorf("tar of the layout: %v: %s", err, b)
	}
	fmt.Printf("image: %s:%s (%d layers) in %s and %s\n", img.Name, img.Tag, len(img.Layers), layout, tarFile)
	return nil
}

// extractNative writes the JNI libraries of each application layer's jars into that layer's
// NativeDir, so that a library changes with the layer of the jar that carries it.
func extractNative(part func(string) string, appLayers []string) ([]string, error) {
	var all []string
	for _, l := range appLayers {
		jars, err := filepath.Glob(filepath.Join(part(l), "app", "lib", "*.jar"))
		if err != nil {
			return nil, err
		}
		names, err := build.ExtractNative(jars, runtime.GOARCH, filepath.Join(part(l), build.NativeDir))
		if err != nil {
			return nil, err
		}
		all = append(all, names...)
	}
	return all, nil
}

func isEmptyTree(dir string) (bool, error) {
	entries, err := os.ReadDir(dir)
	return len(entries) == 0, err
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "image: "+format+"\n", args...)
	os.Exit(1)
}
