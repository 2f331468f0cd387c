package imagetest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/nri4j/nri4j/verification/oci-image/build"
)

// entry is one file of a layer.
type entry struct {
	header  *tar.Header
	content []byte // regular files under 1 MiB, for the checks that read them
}

// layer is one layer as the layout holds it.
type layer struct {
	title   string
	diffID  string
	entries map[string]entry
	order   []string
}

// image is a layout read back and verified: every blob against its digest and size, every
// layer against its diff_id.
type image struct {
	index    build.Index
	manifest build.Manifest
	config   build.Config
	layers   []layer
}

func readBlob(dir string, d build.Descriptor) ([]byte, error) {
	algo, hexDigest, ok := strings.Cut(d.Digest, ":")
	if !ok || algo != "sha256" {
		return nil, fmt.Errorf("digest %q", d.Digest)
	}
	b, err := os.ReadFile(filepath.Join(dir, "blobs", "sha256", hexDigest))
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(b)
	if hex.EncodeToString(sum[:]) != hexDigest || int64(len(b)) != d.Size {
		return nil, fmt.Errorf("blob %s: content does not match its digest or size %d", d.Digest, d.Size)
	}
	return b, nil
}

func readImage(dir string) (*image, error) {
	layoutFile, err := os.ReadFile(filepath.Join(dir, "oci-layout"))
	if err != nil {
		return nil, err
	}
	var version struct {
		ImageLayoutVersion string `json:"imageLayoutVersion"`
	}
	if err := strictJSON(layoutFile, &version); err != nil || version.ImageLayoutVersion != "1.0.0" {
		return nil, fmt.Errorf("oci-layout %s: %v", layoutFile, err)
	}
	img := &image{}
	indexFile, err := os.ReadFile(filepath.Join(dir, "index.json"))
	if err != nil {
		return nil, err
	}
	if err := strictJSON(indexFile, &img.index); err != nil {
		return nil, fmt.Errorf("index.json: %w", err)
	}
	if len(img.index.Manifests) != 1 {
		return nil, fmt.Errorf("index.json: %d manifests, want 1", len(img.index.Manifests))
	}
	b, err := readBlob(dir, img.index.Manifests[0])
	if err != nil {
		return nil, err
	}
	if err := strictJSON(b, &img.manifest); err != nil {
		return nil, fmt.Errorf("manifest: %w", err)
	}
	if b, err = readBlob(dir, img.manifest.Config); err != nil {
		return nil, err
	}
	if err := strictJSON(b, &img.config); err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	if len(img.config.RootFS.DiffIDs) != len(img.manifest.Layers) || len(img.config.History) != len(img.manifest.Layers) {
		return nil, fmt.Errorf("%d layers, %d diff_ids, %d history entries", len(img.manifest.Layers),
			len(img.config.RootFS.DiffIDs), len(img.config.History))
	}
	for i, d := range img.manifest.Layers {
		if d.MediaType != build.MediaTypeLayer {
			return nil, fmt.Errorf("layer %d: media type %s", i, d.MediaType)
		}
		compressed, err := readBlob(dir, d)
		if err != nil {
			return nil, err
		}
		l, err := readLayer(compressed)
		if err != nil {
			return nil, fmt.Errorf("layer %d: %w", i, err)
		}
		if l.diffID != img.config.RootFS.DiffIDs[i] {
			return nil, fmt.Errorf("layer %d: diff_id %s, config says %s", i, l.diffID, img.config.RootFS.DiffIDs[i])
		}
		l.title = d.Annotations[build.AnnotationTitle]
		img.layers = append(img.layers, *l)
	}
	return img, nil
}

func readLayer(compressed []byte) (*layer, error) {
	gz, err := gzip.NewReader(bytes.NewReader(compressed))
	if err != nil {
		return nil, err
	}
	raw, err := io.ReadAll(gz)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(raw)
	l := &layer{diffID: "sha256:" + hex.EncodeToString(sum[:]), entries: map[string]entry{}}
	tr := tar.NewReader(bytes.NewReader(raw))
	for {
		hdr, err := tr.Next()
		if err == io.EOF {
			return l, nil
		}
		if err != nil {
			return nil, err
		}
		name := path.Clean("/" + hdr.Name)
		e := entry{header: hdr}
		if hdr.Typeflag == tar.TypeReg && (hdr.Size < 1<<20 || strings.HasSuffix(hdr.Name, "/libjvm.so") || name == "/app/app.jar") {
			if e.content, err = io.ReadAll(tr); err != nil {
				return nil, err
			}
		}
		l.entries[name] = e
		l.order = append(l.order, name)
	}
}

// lookup finds a path in the merged tree (later layers win), following symbolic links.
func (img *image) lookup(p string) (entry, string, bool) {
	for hops := 0; hops < 16; hops++ {
		var found *entry
		for i := range img.layers {
			if e, ok := img.layers[i].entries[p]; ok {
				e := e
				found = &e
			}
		}
		if found == nil {
			return entry{}, p, false
		}
		if found.header.Typeflag != tar.TypeSymlink {
			return *found, p, true
		}
		target := found.header.Linkname
		if !strings.HasPrefix(target, "/") {
			target = path.Join(path.Dir(p), target)
		}
		p = path.Clean(target)
	}
	return entry{}, p, false
}

func strictJSON(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	return d.Decode(v)
}
