package imagetest

import (
	"archive/tar"
	"bufio"
	"bytes"
	"debug/elf"
	"fmt"
	"os"
	"path"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/nri4j/nri4j/verification/oci-image/build"
)

func TestImage(t *testing.T) {
	var img *image
	check(t, "should be an OCI layout whose blobs match their digests and layers their diff_ids", func(t *testing.T) {
		var err error
		if img, err = readImage(*layoutDir); err != nil {
			t.Fatal(err)
		}
	})
	if img == nil {
		return
	}
	rc := img.config.Config
	titles := []string{}
	for _, l := range img.layers {
		titles = append(titles, l.title)
	}
	hasCache := slices.Contains(titles, "class-data")

	check(t, "should carry the names ctr images import and OCI tools read", func(t *testing.T) {
		a := img.index.Manifests[0].Annotations
		if !strings.Contains(a[build.AnnotationImageName], ":") || a[build.AnnotationRefName] == "" ||
			!strings.HasSuffix(a[build.AnnotationImageName], ":"+a[build.AnnotationRefName]) {
			t.Errorf("annotations %v", a)
		}
		if img.config.OS != "linux" || img.config.Architecture != runtime.GOARCH {
			t.Errorf("platform %s/%s", img.config.OS, img.config.Architecture)
		}
	})

	check(t, "should run as a user other than root that /etc/passwd knows", func(t *testing.T) {
		uid, gid, ok := strings.Cut(rc.User, ":")
		if !ok || uid == "0" || gid == "0" || uid == "" {
			t.Fatalf("User %q, want uid:gid, not root", rc.User)
		}
		passwd, _, found := img.lookup("/etc/passwd")
		if !found || !regexp.MustCompile(`(?m)^[a-z]+:x:`+uid+`:`+gid+`:`).Match(passwd.content) {
			t.Errorf("/etc/passwd has no user %s:\n%s", rc.User, passwd.content)
		}
	})

	check(t, "should start its own runtime's java on the application jar", func(t *testing.T) {
		ep := rc.Entrypoint
		if len(ep) < 3 || ep[0] != "/opt/java/bin/java" || !slices.Equal(ep[len(ep)-2:], []string{"-jar", "/app/app.jar"}) {
			t.Fatalf("Entrypoint %q", ep)
		}
		java, _, found := img.lookup(ep[0])
		if !found || java.header.Typeflag != tar.TypeReg || java.header.Mode&0o111 == 0 {
			t.Errorf("%s is not an executable file in the image", ep[0])
		}
		if _, _, found := img.lookup("/app/app.jar"); !found {
			t.Errorf("no /app/app.jar")
		}
		if rc.WorkingDir != "/app" || !slices.Contains(rc.Env, "JAVA_HOME=/opt/java") {
			t.Errorf("WorkingDir %q, Env %q", rc.WorkingDir, rc.Env)
		}
	})

	jar, jarErr := readBootJar(*jarFile)
	bootJarOf := func(t *testing.T) *bootJar {
		t.Helper()
		if *jarFile == "" {
			t.Fatal("-jar names no Spring Boot jar: the one the image was built from")
		}
		if jarErr != nil {
			t.Fatal(jarErr)
		}
		return jar
	}

	check(t, "should layer the base, the runtime, the Boot jar's layers in its order, then the class-data cache", func(t *testing.T) {
		jar := bootJarOf(t)
		// A layer of the jar is in the image if it holds a library or the application's
		// classes; Boot's loader is not needed to run the extracted jar.
		want := []string{"base", "jre"}
		for _, l := range jar.layers {
			holds := l == jar.classes
			for _, layer := range jar.libLayer {
				holds = holds || layer == l
			}
			if holds {
				want = append(want, l)
			}
		}
		if hasCache {
			want = append(want, "class-data")
		}
		if !slices.Equal(titles, want) {
			t.Errorf("layers %q, want %q (BOOT-INF/layers.idx of %s: %q)", titles, want, *jarFile, jar.layers)
		}
		for i, h := range img.config.History {
			if h.CreatedBy == "" {
				t.Errorf("layer %d has no history", i)
			}
		}
	})

	check(t, "should put each jar in the layer the Boot jar's layers.idx gives it, every one of its class path", func(t *testing.T) {
		jar := bootJarOf(t)
		inImage := map[string]string{} // /app/lib/ file name: layer
		for _, l := range img.layers {
			for name, e := range l.entries {
				if e.header.Typeflag != tar.TypeReg || !strings.HasSuffix(name, ".jar") || !strings.HasPrefix(name, "/app/") {
					continue
				}
				switch dir, file := path.Split(name); {
				case name == "/app/app.jar":
					if l.title != jar.classes {
						t.Errorf("/app/app.jar in layer %s, want %s, the layer of BOOT-INF/classes/", l.title, jar.classes)
					}
				case dir == "/app/lib/":
					inImage[file] = l.title
					if want, ok := jar.libLayer[file]; !ok {
						t.Errorf("%s in layer %s is not in %s", name, l.title, *jarFile)
					} else if l.title != want {
						t.Errorf("%s in layer %s, want %s", name, l.title, want)
					}
				default:
					t.Errorf("%s in layer %s: an application jar outside /app/lib", name, l.title)
				}
			}
		}
		for _, file := range jar.classpath {
			if _, ok := inImage[file]; !ok {
				t.Errorf("%s of BOOT-INF/classpath.idx is not in /app/lib", file)
			}
		}
		if len(jar.classpath) == 0 {
			t.Errorf("%s: an empty BOOT-INF/classpath.idx", *jarFile)
		}
	})

	check(t, "should run the Boot jar's Start-Class with its class path in its order", func(t *testing.T) {
		jar := bootJarOf(t)
		app, _, found := img.lookup("/app/app.jar")
		if !found || app.content == nil {
			t.Fatal("/app/app.jar missing or unread")
		}
		manifest, err := jarManifest(app.content)
		if err != nil {
			t.Fatalf("/app/app.jar: %v", err)
		}
		if got := manifestAttribute(manifest, "Main-Class"); got == "" || got != jar.startClass {
			t.Errorf("/app/app.jar's Main-Class %q, the Boot jar's Start-Class %q", got, jar.startClass)
		}
		var want []string
		for _, file := range jar.classpath {
			want = append(want, "lib/"+file)
		}
		if got := strings.Fields(manifestAttribute(manifest, "Class-Path")); !slices.Equal(got, want) {
			t.Errorf("/app/app.jar's Class-Path %q, want BOOT-INF/classpath.idx's %q", got, want)
		}
	})

	check(t, "should carry the ELF interpreter and every library the JVM links", func(t *testing.T) {
		for _, binary := range []string{"/opt/java/bin/java", "/opt/java/lib/server/libjvm.so", "/opt/java/lib/libzip.so"} {
			e, _, found := img.lookup(binary)
			if !found || e.content == nil {
				t.Fatalf("%s missing or unread", binary)
			}
			f, err := elf.NewFile(bytes.NewReader(e.content))
			if err != nil {
				t.Fatalf("%s: %v", binary, err)
			}
			for _, p := range f.Progs {
				if p.Type == elf.PT_INTERP {
					interp := make([]byte, p.Filesz)
					p.ReadAt(interp, 0)
					path := strings.TrimRight(string(interp), "\x00")
					if _, resolved, ok := img.lookup(path); !ok {
						t.Errorf("%s: interpreter %s (%s) not in the image", binary, path, resolved)
					}
				}
			}
			libs, _ := f.ImportedLibraries()
			for _, lib := range libs {
				if !img.findLibrary(lib) {
					t.Errorf("%s needs %s, which the image lacks", binary, lib)
				}
			}
		}
	})

	check(t, "should hold only files owned by root, at the fixed time, none setuid", func(t *testing.T) {
		for _, l := range img.layers {
			for name, e := range l.entries {
				h := e.header
				if h.Uid != 0 || h.Gid != 0 || !h.ModTime.Equal(build.Epoch) || h.Mode&0o6000 != 0 {
					t.Errorf("%s in %s: uid %d gid %d time %s mode %o", name, l.title, h.Uid, h.Gid, h.ModTime, h.Mode)
				}
				if h.Mode&0o002 != 0 && name != "/tmp" {
					t.Errorf("%s in %s is writable by all", name, l.title)
				}
			}
		}
	})

	check(t, "should start from a class-data cache the entrypoint names", func(t *testing.T) {
		if !hasCache {
			t.Skip("the build trained no cache: it needs root (unshare, chroot)")
		}
		cd := classData(rc.Entrypoint)
		if cd == nil {
			t.Fatalf("Entrypoint %q names no class-data cache", rc.Entrypoint)
		}
		last := img.layers[len(img.layers)-1]
		if _, ok := last.entries[cd.Path]; !ok || len(last.entries) > 3 {
			t.Errorf("class-data layer %q, want %s", last.order, cd.Path)
		}
	})

	var unpackedRoot string
	defer func() {
		if unpackedRoot != "" {
			os.RemoveAll(unpackedRoot)
		}
	}()
	// unpacked is the image unpacked once for the checks that run it, or a skip where it cannot run.
	unpacked := func(t *testing.T) string {
		t.Helper()
		if why := build.CanRunInRoot(); why != "" {
			t.Skip("running the image " + why)
		}
		if unpackedRoot == "" {
			dir, err := os.MkdirTemp("", "image-root-")
			if err == nil {
				err = os.Chmod(dir, 0o755) // the image's root, which its user must get through
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := unpack(img, *layoutDir, dir); err != nil {
				os.RemoveAll(dir)
				t.Fatal(err)
			}
			unpackedRoot = dir
		}
		return unpackedRoot
	}

	check(t, "should start as its user on a read-only root, with the cache in use", func(t *testing.T) {
		root := unpacked(t)
		cd := classData(rc.Entrypoint)
		if cd == nil {
			s, err := startUp(root, rc, "", rc.Entrypoint)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Printf("image: started in %.2f s, no class-data cache\n", s)
			return
		}
		// Alternating, after one warm-up start, so that neither side pays for a cold page cache.
		if _, err := startUp(root, rc, "", withoutFlag(rc.Entrypoint, cd.RuntimeFlag)); err != nil {
			t.Fatal(err)
		}
		var with, without []float64
		for i := 0; i < *starts; i++ {
			s, err := startUp(root, rc, cd.StrictFlag, rc.Entrypoint)
			if err != nil {
				t.Fatal(err)
			}
			with = append(with, s)
			if s, err = startUp(root, rc, "", withoutFlag(rc.Entrypoint, cd.RuntimeFlag)); err != nil {
				t.Fatal(err)
			}
			without = append(without, s)
		}
		fmt.Printf("image: started in %.2f s with %s, %.2f s without (JDK's default CDS only; medians of %d alternating runs, %s)\n",
			median(with), cd.Path, median(without), *starts, loadAverage())
	})

	check(t, "should load Netty's epoll library from the image, with nowhere to write a copy", func(t *testing.T) {
		lib := build.NativeDir + "/libnetty_transport_native_epoll_" + build.NativeArch(runtime.GOARCH) + ".so"
		if e, _, found := img.lookup(lib); !found || e.header.Typeflag != tar.TypeReg {
			t.Fatalf("no %s in the image", lib)
		}
		if !slices.Contains(rc.Entrypoint, build.LibraryPathFlag) {
			t.Fatalf("Entrypoint %q lacks %s", rc.Entrypoint, build.LibraryPathFlag)
		}
		root := unpacked(t)
		// Netty's work directory on the read-only root: a copy written out of the jar could not
		// be, so the plugin gets as far as dialling the runtime (absent here) only if the library
		// loads from the image. The entrypoint without the library path is the control.
		noCopy := "-Dio.netty.native.workdir=" + build.NativeDir
		dialled := regexp.MustCompile(`cannot connect to the NRI socket \S+: (.*)|(Netty's epoll library did not load.*)`)
		m, err := runUntil(root, rc, noCopy, rc.Entrypoint, dialled)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(m[1], "No such file or directory") {
			t.Errorf("with the library path: %q, want the socket missing", m[0])
		}
		m, err = runUntil(root, rc, noCopy, withoutFlag(rc.Entrypoint, build.LibraryPathFlag), dialled)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m[2], "/libnetty_transport_native_epoll_") {
			t.Errorf("without the library path: %q, want the library not loaded, in one line", m[0])
		}
		t.Logf("without the library path: %s", m[0])
	})
}

// classData is the cache the entrypoint names, if any.
func classData(entrypoint []string) *build.ClassData {
	for _, jdk := range []build.JDK{{Feature: 25}, {Feature: 17}} {
		cd := build.ClassDataFor(jdk)
		if slices.Contains(entrypoint, cd.RuntimeFlag) {
			return &cd
		}
	}
	return nil
}

func withoutFlag(argv []string, flag string) []string {
	return slices.DeleteFunc(slices.Clone(argv), func(s string) bool { return s == flag })
}

var started = regexp.MustCompile(`Started \S+ in [0-9.]+ seconds \(process running for ([0-9.]+)\)`)

// startUp runs argv in root as the image's user, on a read-only root, until Spring Boot says
// it started, and returns the seconds it says the process ran for by then.
func startUp(root string, rc build.RuntimeConfig, extraJVMFlag string, argv []string) (float64, error) {
	m, err := runUntil(root, rc, extraJVMFlag, argv, started)
	if err != nil {
		return 0, err
	}
	return strconv.ParseFloat(m[1], 64)
}

// runUntil runs argv in root as the image's user, on a read-only root, with the chart's JVM
// options and extraJVMFlag, until a line of its output matches want, and returns the match.
func runUntil(root string, rc build.RuntimeConfig, extraJVMFlag string, argv []string, want *regexp.Regexp) ([]string, error) {
	env := append(slices.Clone(rc.Env), "JAVA_TOOL_OPTIONS=-XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:MaxRAMPercentage=50 "+extraJVMFlag)
	cmd := build.RootCommand(root, rc.User, true, env, argv...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = cmd.Stdout
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	defer cmd.Wait()
	defer cmd.Process.Kill()
	lines := make(chan string)
	go func() {
		defer close(lines)
		scanner := bufio.NewScanner(stdout)
		for scanner.Scan() {
			lines <- scanner.Text()
		}
	}()
	defer func() {
		go func() {
			for range lines {
			}
		}()
	}() // the reader's last lines
	var log []string
	deadline := time.After(3 * time.Minute)
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				return nil, fmt.Errorf("%q ended before it logged %q:\n%s", argv, want, strings.Join(log, "\n"))
			}
			log = append(log, line)
			if m := want.FindStringSubmatch(line); m != nil {
				return m, nil
			}
		case <-deadline:
			return nil, fmt.Errorf("%q did not log %q within 3 minutes:\n%s", argv, want, strings.Join(log, "\n"))
		}
	}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	sort.Float64s(s)
	return s[len(s)/2]
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "load average unknown"
	}
	return "load average " + strings.Join(strings.Fields(string(b))[:3], " ")
}

// findLibrary looks for a shared library where the dynamic loader of a multiarch system does.
func (img *image) findLibrary(name string) bool {
	for _, dir := range []string{"/lib/x86_64-linux-gnu", "/lib/aarch64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/lib64", "/lib", "/usr/lib", "/opt/java/lib", "/opt/java/lib/server"} {
		if _, _, ok := img.lookup(dir + "/" + name); ok {
			return true
		}
	}
	return false
}
