package harness

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// PushLayout pushes the one image of an OCI image layout to a plain-HTTP registry at
// 127.0.0.1:port as name:tag, as the OCI distribution API has it: each blob with a monolithic
// upload (POST, then PUT with its digest), then the manifest.
func PushLayout(layout string, port int, name, tag string) error {
	var index struct {
		Manifests []struct{ MediaType, Digest string }
	}
	if err := readJSON(filepath.Join(layout, "index.json"), &index); err != nil {
		return err
	}
	if len(index.Manifests) != 1 {
		return fmt.Errorf("%s: %d manifests, want 1", layout, len(index.Manifests))
	}
	blob := func(digest string) string {
		return filepath.Join(layout, "blobs", strings.Replace(digest, ":", string(filepath.Separator), 1))
	}
	m := index.Manifests[0]
	var manifest struct {
		Config struct{ Digest string }
		Layers []struct{ Digest string }
	}
	if err := readJSON(blob(m.Digest), &manifest); err != nil {
		return err
	}
	base := fmt.Sprintf("http://127.0.0.1:%d/v2/%s", port, name)
	digests := []string{manifest.Config.Digest}
	for _, l := range manifest.Layers {
		digests = append(digests, l.Digest)
	}
	for _, d := range digests {
		if err := pushBlob(base, d, blob(d)); err != nil {
			return err
		}
	}
	data, err := os.ReadFile(blob(m.Digest))
	if err != nil {
		return err
	}
	req, _ := http.NewRequest(http.MethodPut, base+"/manifests/"+tag, bytes.NewReader(data))
	req.Header.Set("Content-Type", m.MediaType)
	return expect(req, http.StatusCreated)
}

func pushBlob(base, digest, file string) error {
	start, _ := http.NewRequest(http.MethodPost, base+"/blobs/uploads/", nil)
	rsp, err := http.DefaultClient.Do(start)
	if err != nil {
		return err
	}
	rsp.Body.Close()
	if rsp.StatusCode != http.StatusAccepted {
		return fmt.Errorf("starting the upload of %s: HTTP %d", digest, rsp.StatusCode)
	}
	loc, err := rsp.Request.URL.Parse(rsp.Header.Get("Location"))
	if err != nil {
		return err
	}
	q := loc.Query()
	q.Set("digest", digest)
	loc.RawQuery = q.Encode()
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	put, _ := http.NewRequest(http.MethodPut, loc.String(), f)
	put.ContentLength = info.Size()
	put.Header.Set("Content-Type", "application/octet-stream")
	return expect(put, http.StatusCreated)
}

func expect(req *http.Request, status int) error {
	rsp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer rsp.Body.Close()
	if rsp.StatusCode != status {
		body, _ := io.ReadAll(io.LimitReader(rsp.Body, 512))
		return fmt.Errorf("%s %s: HTTP %d: %s", req.Method, (&url.URL{Path: req.URL.Path}).String(), rsp.StatusCode, bytes.TrimSpace(body))
	}
	return nil
}

func readJSON(file string, v any) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %w", file, err)
	}
	return nil
}
