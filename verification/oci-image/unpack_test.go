package imagetest

import (
	"archive/tar"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/nri4j/nri4j/verification/oci-image/build"
)

// unpack applies the image's layers in order to dir, as a runtime's snapshotter does, keeping
// modes and times (the class-data cache checks its jars' times).
func unpack(img *image, layoutDir, dir string) error {
	var dirs []string
	for _, d := range img.manifest.Layers {
		f, err := os.Open(filepath.Join(layoutDir, "blobs", "sha256", strings.TrimPrefix(d.Digest, "sha256:")))
		if err != nil {
			return err
		}
		gz, err := gzip.NewReader(f)
		if err != nil {
			f.Close()
			return err
		}
		tr := tar.NewReader(gz)
		for {
			hdr, err := tr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				f.Close()
				return err
			}
			target := filepath.Join(dir, filepath.Clean("/"+hdr.Name))
			mode := os.FileMode(hdr.Mode).Perm()
			if hdr.Mode&0o1000 != 0 {
				mode |= os.ModeSticky
			}
			switch hdr.Typeflag {
			case tar.TypeDir:
				if err := os.MkdirAll(target, 0o755); err != nil {
					return err
				}
				if err := os.Chmod(target, mode); err != nil {
					return err
				}
				dirs = append(dirs, target)
			case tar.TypeSymlink:
				os.Remove(target)
				if err := os.Symlink(hdr.Linkname, target); err != nil {
					return err
				}
			case tar.TypeReg:
				out, err := os.OpenFile(target, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, mode)
				if err != nil {
					return err
				}
				_, err = io.Copy(out, tr)
				out.Close()
				if err != nil {
					return err
				}
				if err := os.Chmod(target, mode); err != nil {
					return err
				}
				if err := os.Chtimes(target, hdr.ModTime, hdr.ModTime); err != nil {
					return err
				}
			default:
				f.Close()
				return fmt.Errorf("%s: unexpected entry type %c", hdr.Name, hdr.Typeflag)
			}
		}
		f.Close()
	}
	for _, d := range dirs {
		if err := os.Chtimes(d, build.Epoch, build.Epoch); err != nil {
			return err
		}
	}
	return nil
}
