// Package build writes an OCI image layout without a container engine: layers are directory
// trees, tarred with fixed owners and times so that the same inputs give the same digests.
package build

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"
)

// Epoch is every file's modification time, in the layers and in the tree the class-data cache
// is trained on: the JVM checks that the jars it archived have not changed, by size and time.
var Epoch = time.Unix(315532800, 0).UTC() // 1980-01-01, the earliest time a zip entry can hold

// Descriptor is an OCI content descriptor.
type Descriptor struct {
	MediaType   string            `json:"mediaType"`
	Digest      string            `json:"digest"`
	Size        int64             `json:"size"`
	Annotations map[string]string `json:"annotations,omitempty"`
	Platform    *Platform         `json:"platform,omitempty"`
}

// Platform of an image manifest in the index.
type Platform struct {
	Architecture string `json:"architecture"`
	OS           string `json:"os"`
}

// Manifest is an OCI image manifest.
type Manifest struct {
	SchemaVersion int          `json:"schemaVersion"`
	MediaType     string       `json:"mediaType"`
	Config        Descriptor   `json:"config"`
	Layers        []Descriptor `json:"layers"`
}

// Index is an OCI image index (index.json of a layout).
type Index struct {
	SchemaVersion int          `json:"schemaVersion"`
	MediaType     string       `json:"mediaType"`
	Manifests     []Descriptor `json:"manifests"`
}

// Config is the OCI image configuration.
type Config struct {
	Architecture string        `json:"architecture"`
	OS           string        `json:"os"`
	Created      string        `json:"created"`
	Config       RuntimeConfig `json:"config"`
	RootFS       struct {
		Type    string   `json:"type"`
		DiffIDs []string `json:"diff_ids"`
	} `json:"rootfs"`
	History []History `json:"history"`
}

// RuntimeConfig is what a runtime starts the container with.
type RuntimeConfig struct {
	User         string              `json:"User"`
	Entrypoint   []string            `json:"Entrypoint"`
	Env          []string            `json:"Env"`
	WorkingDir   string              `json:"WorkingDir"`
	ExposedPorts map[string]struct{} `json:"ExposedPorts,omitempty"`
	Labels       map[string]string   `json:"Labels,omitempty"`
}

// History says where each layer comes from.
type History struct {
	Created   string `json:"created"`
	CreatedBy string `json:"created_by"`
}

const (
	MediaTypeManifest = "application/vnd.oci.image.manifest.v1+json"
	MediaTypeIndex    = "application/vnd.oci.image.index.v1+json"
	MediaTypeConfig   = "application/vnd.oci.image.config.v1+json"
	MediaTypeLayer    = "application/vnd.oci.image.layer.v1.tar+gzip"
	AnnotationTitle   = "org.opencontainers.image.title"
	AnnotationRefName = "org.opencontainers.image.ref.name"
	// AnnotationImageName is what `ctr images import` names the image after.
	AnnotationImageName = "io.containerd.image.name"
)

// Layer is one directory tree, and where it comes from.
type Layer struct {
	Title, Dir, CreatedBy string
}

// Image is what WriteLayout writes.
type Image struct {
	Name, Tag, Architecture string
	Layers                  []Layer
	Runtime                 RuntimeConfig
}

// WriteLayout writes img as an OCI image layout in dir (which must not exist).
func WriteLayout(img Image, dir string) error {
	if err := os.MkdirAll(filepath.Join(dir, "blobs", "sha256"), 0o755); err != nil {
		return err
	}
	created := Epoch.Format(time.RFC3339)
	config := Config{Architecture: img.Architecture, OS: "linux", Created: created, Config: img.Runtime}
	config.RootFS.Type = "layers"
	manifest := Manifest{SchemaVersion: 2, MediaType: MediaTypeManifest}
	for _, layer := range img.Layers {
		raw, err := tarTree(layer.Dir)
		if err != nil {
			return fmt.Errorf("layer %s: %w", layer.Title, err)
		}
		var compressed bytes.Buffer
		gz, _ := gzip.NewWriterLevel(&compressed, gzip.BestCompression)
		gz.ModTime = Epoch
		if _, err := gz.Write(raw); err != nil {
			return err
		}
		if err := gz.Close(); err != nil {
			return err
		}
		desc, err := writeBlob(dir, MediaTypeLayer, compressed.Bytes())
		if err != nil {
			return err
		}
		desc.Annotations = map[string]string{AnnotationTitle: layer.Title}
		manifest.Layers = append(manifest.Layers, desc)
		config.RootFS.DiffIDs = append(config.RootFS.DiffIDs, digest(raw))
		config.History = append(config.History, History{Created: created, CreatedBy: layer.CreatedBy})
	}
	configJSON, _ := json.Marshal(config)
	configDesc, err := writeBlob(dir, MediaTypeConfig, configJSON)
	if err != nil {
		return err
	}
	manifest.Config = configDesc
	manifestJSON, _ := json.Marshal(manifest)
	manifestDesc, err := writeBlob(dir, MediaTypeManifest, manifestJSON)
	if err != nil {
		return err
	}
	manifestDesc.Platform = &Platform{Architecture: img.Architecture, OS: "linux"}
	manifestDesc.Annotations = map[string]string{AnnotationRefName: img.Tag, AnnotationImageName: img.Name + ":" + img.Tag}
	index, _ := json.MarshalIndent(Index{SchemaVersion: 2, MediaType: MediaTypeIndex, Manifests: []Descriptor{manifestDesc}}, "", "  ")
	if err := os.WriteFile(filepath.Join(dir, "index.json"), index, 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "oci-layout"), []byte(`{"imageLayoutVersion":"1.0.0"}`), 0o644)
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

func writeBlob(dir, mediaType string, content []byte) (Descriptor, error) {
	d := digest(content)
	path := filepath.Join(dir, "blobs", "sha256", d[len("sha256:"):])
	return Descriptor{MediaType: mediaType, Digest: d, Size: int64(len(content))}, os.WriteFile(path, content, 0o644)
}

// tarTree tars a directory tree in name order: owner root, times Epoch, modes as on disk
// (less group and other write), symbolic links as links.
func tarTree(root string) ([]byte, error) {
	var paths []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if path != root {
			paths = append(paths, path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(paths)
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, path := range paths {
		info, err := os.Lstat(path)
		if err != nil {
			return nil, err
		}
		link := ""
		if info.Mode()&fs.ModeSymlink != 0 {
			if link, err = os.Readlink(path); err != nil {
				return nil, err
			}
		}
		hdr, err := tar.FileInfoHeader(info, link)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(root, path)
		hdr.Name = filepath.ToSlash(rel)
		if info.IsDir() {
			hdr.Name += "/"
		}
		hdr.Uid, hdr.Gid, hdr.Uname, hdr.Gname = 0, 0, "", ""
		hdr.ModTime, hdr.AccessTime, hdr.ChangeTime = Epoch, time.Time{}, time.Time{}
		hdr.Format = tar.FormatPAX
		if hdr.Name != "tmp/" {
			hdr.Mode &^= 0o022
		}
		if err := tw.WriteHeader(hdr); err != nil {
			return nil, err
		}
		if info.Mode().IsRegular() {
			f, err := os.Open(path)
			if err != nil {
				return nil, err
			}
			_, err = io.Copy(tw, f)
			f.Close()
			if err != nil {
				return nil, err
			}
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
