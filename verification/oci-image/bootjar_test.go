package imagetest

import (
	"archive/zip"
	"bufio"
	"bytes"
	"fmt"
	"io"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// bootJar is what a Spring Boot jar says of itself: its layers (BOOT-INF/layers.idx), the
// layer of each of its files, and its class path (BOOT-INF/classpath.idx). An image built from
// it is checked against these, so that the checks hold for any Boot jar, whatever its
// dependencies and however its layers are configured.
type bootJar struct {
	layers     []string          // in the order of layers.idx: least often changed first
	libLayer   map[string]string // lib jar's file name: its layer
	classes    string            // the layer of BOOT-INF/classes/: the application jar's
	classpath  []string          // lib jars' file names, in classpath.idx order
	startClass string            // the manifest's Start-Class
}

func readBootJar(file string) (*bootJar, error) {
	z, err := zip.OpenReader(file)
	if err != nil {
		return nil, err
	}
	defer z.Close()
	read := func(name string) ([]byte, error) {
		f, err := z.Open(name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w (not a Spring Boot jar with layers?)", file, err)
		}
		defer f.Close()
		return io.ReadAll(f)
	}
	idx, err := read("BOOT-INF/layers.idx")
	if err != nil {
		return nil, err
	}
	layers, entries, err := parseLayersIndex(idx)
	if err != nil {
		return nil, fmt.Errorf("%s: BOOT-INF/layers.idx: %w", file, err)
	}
	cp, err := read("BOOT-INF/classpath.idx")
	if err != nil {
		return nil, err
	}
	manifest, err := read("META-INF/MANIFEST.MF")
	if err != nil {
		return nil, err
	}
	j := &bootJar{layers: layers, libLayer: map[string]string{}, startClass: manifestAttribute(manifest, "Start-Class")}
	if j.classes = layerOf("BOOT-INF/classes/", entries); j.classes == "" {
		return nil, fmt.Errorf("%s: BOOT-INF/classes/ is in no layer", file)
	}
	for _, f := range z.File {
		if dir, name := path.Split(f.Name); dir == "BOOT-INF/lib/" && strings.HasSuffix(name, ".jar") {
			if j.libLayer[name] = layerOf(f.Name, entries); j.libLayer[name] == "" {
				return nil, fmt.Errorf("%s: %s is in no layer", file, f.Name)
			}
		}
	}
	for _, line := range strings.Split(string(cp), "\n") {
		if entry := strings.Trim(strings.TrimSpace(strings.TrimPrefix(line, "- ")), `"`); entry != "" {
			j.classpath = append(j.classpath, path.Base(entry))
		}
	}
	return j, nil
}

// parseLayersIndex reads layers.idx: `- "layer":` lines, each followed by its `  - "entry"`
// lines, an entry being a file or, ending in '/', a directory.
func parseLayersIndex(b []byte) ([]string, map[string][]string, error) {
	var layers []string
	entries := map[string][]string{}
	s := bufio.NewScanner(bytes.NewReader(b))
	for s.Scan() {
		line := s.Text()
		switch {
		case strings.HasPrefix(line, "- \"") && strings.HasSuffix(line, "\":"):
			layers = append(layers, strings.TrimSuffix(strings.TrimPrefix(line, "- \""), "\":"))
		case strings.HasPrefix(line, "  - \"") && strings.HasSuffix(line, "\"") && len(layers) > 0:
			l := layers[len(layers)-1]
			entries[l] = append(entries[l], strings.TrimSuffix(strings.TrimPrefix(line, "  - \""), "\""))
		case strings.TrimSpace(line) == "":
		default:
			return nil, nil, fmt.Errorf("unexpected line %q", line)
		}
	}
	if len(layers) == 0 {
		return nil, nil, fmt.Errorf("no layers")
	}
	return layers, entries, s.Err()
}

// layerOf is the layer whose entry is name, or the directory holding it most closely.
func layerOf(name string, entries map[string][]string) string {
	best, bestLen := "", -1
	for layer, es := range entries {
		for _, e := range es {
			if e == name {
				return layer
			}
			if strings.HasSuffix(e, "/") && strings.HasPrefix(name, e) && len(e) > bestLen {
				best, bestLen = layer, len(e)
			}
		}
	}
	return best
}

// manifestAttribute reads one main attribute of a manifest, its continuation lines joined.
func manifestAttribute(manifest []byte, name string) string {
	var value strings.Builder
	in := false
	for _, line := range strings.Split(strings.ReplaceAll(string(manifest), "\r\n", "\n"), "\n") {
		switch {
		case in && strings.HasPrefix(line, " "):
			value.WriteString(line[1:])
		case strings.HasPrefix(line, name+": "):
			value.WriteString(strings.TrimPrefix(line, name+": "))
			in = true
		default:
			if in {
				return value.String()
			}
		}
	}
	return value.String()
}

// jarManifest reads META-INF/MANIFEST.MF out of a jar's bytes.
func jarManifest(jar []byte) ([]byte, error) {
	z, err := zip.NewReader(bytes.NewReader(jar), int64(len(jar)))
	if err != nil {
		return nil, err
	}
	f, err := z.Open("META-INF/MANIFEST.MF")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

func TestBootJar(t *testing.T) {
	check(t, "should read a custom layers.idx: its own layers, directories and files", func(t *testing.T) {
		// As a layers configuration (spring-boot-maven-plugin's <layers>) writes it: a layer of
		// the company's libraries, and the build's modules with the application's classes.
		file := writeJar(t, filepath.Join(t.TempDir(), "custom.jar"), map[string]string{
			"META-INF/MANIFEST.MF": "Manifest-Version: 1.0\r\nStart-Class: com.example.cpu.Pinner\r\n" +
				"Main-Class: org.springframework.boot.loader.launch.JarLauncher\r\n",
			"BOOT-INF/layers.idx": "- \"dependencies\":\n  - \"BOOT-INF/lib/\"\n- \"spring-boot-loader\":\n  - \"org/\"\n" +
				"- \"company-dependencies\":\n  - \"BOOT-INF/lib/acme-util-2.1.jar\"\n- \"application\":\n" +
				"  - \"BOOT-INF/classes/\"\n  - \"BOOT-INF/lib/pinner-core-1.0-SNAPSHOT.jar\"\n  - \"META-INF/\"\n",
			"BOOT-INF/classpath.idx":                        "- \"BOOT-INF/lib/pinner-core-1.0-SNAPSHOT.jar\"\n- \"BOOT-INF/lib/acme-util-2.1.jar\"\n- \"BOOT-INF/lib/spring-core-7.0.9.jar\"\n",
			"BOOT-INF/lib/spring-core-7.0.9.jar":            "",
			"BOOT-INF/lib/acme-util-2.1.jar":                "",
			"BOOT-INF/lib/pinner-core-1.0-SNAPSHOT.jar":     "",
			"BOOT-INF/classes/com/example/cpu/Pinner.class": "",
		})
		j, err := readBootJar(file)
		if err != nil {
			t.Fatal(err)
		}
		if want := []string{"dependencies", "spring-boot-loader", "company-dependencies", "application"}; !slices.Equal(j.layers, want) {
			t.Errorf("layers %q, want %q", j.layers, want)
		}
		want := map[string]string{"spring-core-7.0.9.jar": "dependencies", "acme-util-2.1.jar": "company-dependencies",
			"pinner-core-1.0-SNAPSHOT.jar": "application"}
		if !maps.Equal(j.libLayer, want) || j.classes != "application" {
			t.Errorf("jars' layers %v, classes in %q", j.libLayer, j.classes)
		}
		if want := []string{"pinner-core-1.0-SNAPSHOT.jar", "acme-util-2.1.jar", "spring-core-7.0.9.jar"}; !slices.Equal(j.classpath, want) {
			t.Errorf("class path %q, want %q", j.classpath, want)
		}
		if j.startClass != "com.example.cpu.Pinner" {
			t.Errorf("Start-Class %q", j.startClass)
		}
	})
	check(t, "should refuse a jar without layers.idx, saying so", func(t *testing.T) {
		file := writeJar(t, filepath.Join(t.TempDir(), "plain.jar"), map[string]string{"META-INF/MANIFEST.MF": "Manifest-Version: 1.0\n"})
		if _, err := readBootJar(file); err == nil || !strings.Contains(err.Error(), "BOOT-INF/layers.idx") {
			t.Errorf("error %v", err)
		}
	})
}
