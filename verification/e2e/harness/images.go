package harness

import (
	"archive/tar"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"time"
)

// The images the suite imports: no registry is needed, or reachable.
const (
	PauseImage = "e2e.nri4j.io/pause:1"
	TestImage  = "e2e.nri4j.io/busybox:1"
)

// busyboxApplets are linked in the test image, for commands the suite runs in containers.
var busyboxApplets = []string{"sh", "sleep", "cat", "env", "grep", "echo", "ls", "true"}

// file is one regular file or symlink of an image layer.
type file struct {
	path   string
	data   []byte
	link   string
	mode   int64
	isLink bool
}

// WriteImages writes the pause image (around the static binary pause) and the test image
// (around Debian's static busybox) as OCI archives into dir, for `ctr images import`.
func WriteImages(dir, pause, busybox string) (pauseTar, testTar string, err error) {
	pauseBin, err := os.ReadFile(pause)
	if err != nil {
		return "", "", err
	}
	bbBin, err := os.ReadFile(busybox)
	if err != nil {
		return "", "", err
	}
	pauseTar = filepath.Join(dir, "pause.oci.tar")
	if err := writeImage(pauseTar, PauseImage, []string{"/pause"}, []file{{path: "pause", data: pauseBin, mode: 0o755}}); err != nil {
		return "", "", err
	}
	files := []file{{path: "bin/busybox", data: bbBin, mode: 0o755}}
	for _, a := range busyboxApplets {
		files = append(files, file{path: "bin/" + a, link: "busybox", isLink: true})
	}
	testTar = filepath.Join(dir, "busybox.oci.tar")
	if err := writeImage(testTar, TestImage, []string{"/bin/sh"}, files); err != nil {
		return "", "", err
	}
	return pauseTar, testTar, nil
}

// writeImage writes a single-layer image as an OCI image layout in a tar archive.
func writeImage(archive, name string, entrypoint []string, files []file) error {
	layer, err := tarOf(files, true)
	if err != nil {
		return err
	}
	layerDigest := digest(layer)
	config, _ := json.Marshal(map[string]any{
		"architecture": runtime.GOARCH,
		"os":           "linux",
		"config":       map[string]any{"Entrypoint": entrypoint, "Env": []string{"PATH=/bin"}},
		"rootfs":       map[string]any{"type": "layers", "diff_ids": []string{layerDigest}},
	})
	manifest, _ := json.Marshal(map[string]any{
		"schemaVersion": 2,
		"mediaType":     "application/vnd.oci.image.manifest.v1+json",
		"config":        descriptor("application/vnd.oci.image.config.v1+json", config),
		"layers":        []any{descriptor("application/vnd.oci.image.layer.v1.tar", layer)},
	})
	manifestDesc := descriptor("application/vnd.oci.image.manifest.v1+json", manifest)
	manifestDesc["platform"] = map[string]string{"architecture": runtime.GOARCH, "os": "linux"}
	manifestDesc["annotations"] = map[string]string{"io.containerd.image.name": name}
	index, _ := json.Marshal(map[string]any{
		"schemaVersion": 2,
		"mediaType":     "application/vnd.oci.image.index.v1+json",
		"manifests":     []any{manifestDesc},
	})
	blob := func(data []byte) file {
		return file{path: "blobs/sha256/" + digest(data)[len("sha256:"):], data: data, mode: 0o644}
	}
	out, err := tarOf([]file{
		{path: "oci-layout", data: []byte(`{"imageLayoutVersion":"1.0.0"}`), mode: 0o644},
		{path: "index.json", data: index, mode: 0o644},
		blob(layer), blob(config), blob(manifest),
	}, false)
	if err != nil {
		return err
	}
	return os.WriteFile(archive, out, 0o644)
}

func descriptor(mediaType string, data []byte) map[string]any {
	return map[string]any{"mediaType": mediaType, "digest": digest(data), "size": len(data)}
}

func digest(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// tarOf archives files, with their parent directories when dirs is set (an image layer).
func tarOf(files []file, dirs bool) ([]byte, error) {
	var buf bytes.Buffer
	w := tar.NewWriter(&buf)
	epoch := time.Unix(0, 0)
	seen := map[string]bool{}
	for _, f := range files {
		if dirs {
			if d := filepath.Dir(f.path); d != "." && !seen[d] {
				seen[d] = true
				if err := w.WriteHeader(&tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: 0o755, ModTime: epoch}); err != nil {
					return nil, err
				}
			}
		}
		h := &tar.Header{Typeflag: tar.TypeReg, Name: f.path, Mode: f.mode, Size: int64(len(f.data)), ModTime: epoch}
		if f.isLink {
			h = &tar.Header{Typeflag: tar.TypeSymlink, Name: f.path, Linkname: f.link, Mode: 0o777, ModTime: epoch}
		}
		if err := w.WriteHeader(h); err != nil {
			return nil, err
		}
		if !f.isLink {
			if _, err := w.Write(f.data); err != nil {
				return nil, fmt.Errorf("%s: %w", f.path, err)
			}
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
