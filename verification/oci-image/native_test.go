package imagetest

import (
	"archive/zip"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/nri4j/nri4j/verification/oci-image/build"
)

func TestExtractNative(t *testing.T) {
	check(t, "should copy out the jars' JNI libraries for the image's architecture only, first jar first", func(t *testing.T) {
		dir := t.TempDir()
		a := writeJar(t, filepath.Join(dir, "a-linux-x86_64.jar"), map[string]string{
			"META-INF/native/libnetty_transport_native_epoll_x86_64.so":   "from a",
			"META-INF/native/libnetty_transport_native_epoll_aarch_64.so": "arm",
			"META-INF/native/notalib_x86_64.so":                           "not lib-prefixed",
			"META-INF/native/sub/libnested_x86_64.so":                     "not directly under native/",
			"libnetty_transport_native_epoll_x86_64.so":                   "outside META-INF/native",
		})
		b := writeJar(t, filepath.Join(dir, "b.jar"), map[string]string{
			"META-INF/native/libnetty_transport_native_epoll_x86_64.so": "from b",
			"META-INF/native/libother_x86_64.so":                        "other",
		})
		out := filepath.Join(dir, "native")
		names, err := build.ExtractNative([]string{b, a}, "amd64", out)
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(names)
		if want := []string{"libnetty_transport_native_epoll_x86_64.so", "libother_x86_64.so"}; !slices.Equal(names, want) {
			t.Fatalf("extracted %q, want %q", names, want)
		}
		if got, _ := os.ReadFile(filepath.Join(out, "libnetty_transport_native_epoll_x86_64.so")); string(got) != "from a" {
			t.Errorf("epoll library %q, want the first jar's in name order", got)
		}
		entries, _ := os.ReadDir(out)
		if len(entries) != 2 {
			t.Errorf("%d files in %s, want 2", len(entries), out)
		}
		if names, err := build.ExtractNative([]string{a}, "mips", filepath.Join(dir, "none")); err != nil || len(names) > 0 {
			t.Errorf("for an architecture Netty does not build: %q, %v", names, err)
		}
	})
}

func writeJar(t *testing.T, path string, entries map[string]string) string {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	z := zip.NewWriter(f)
	for name, content := range entries {
		w, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(content))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}
