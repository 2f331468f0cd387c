package harness

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"time"
)

// Registry is an OCI distribution registry (cmd/registry of distribution/distribution) on
// 127.0.0.1 of the namespace it starts in, plain HTTP, its blobs on the filesystem under Dir.
type Registry struct {
	Dir  string
	Port int
	d    *daemon
}

// StartRegistry starts binary with its storage and log under dir and waits until it answers.
func StartRegistry(binary, dir string, timeout time.Duration) (*Registry, error) {
	if err := os.MkdirAll(filepath.Join(dir, "storage"), 0o755); err != nil {
		return nil, err
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	config := fmt.Sprintf(`version: 0.1
log: {level: warn, accesslog: {disabled: true}}
storage:
  filesystem: {rootdirectory: %q}
http:
  addr: 127.0.0.1:%d
`, filepath.Join(dir, "storage"), port)
	configFile := filepath.Join(dir, "config.yml")
	if err := os.WriteFile(configFile, []byte(config), 0o644); err != nil {
		return nil, err
	}
	// No telemetry: nothing listens for it on this machine.
	env := append(os.Environ(), "OTEL_TRACES_EXPORTER=none", "OTEL_METRICS_EXPORTER=none", "OTEL_LOGS_EXPORTER=none")
	d, err := startDaemonEnv(dir, "registry", env, binary, "serve", configFile)
	if err != nil {
		return nil, err
	}
	r := &Registry{Dir: dir, Port: port, d: d}
	if err := d.await(timeout, func() error { return httpGet(fmt.Sprintf("http://127.0.0.1:%d/v2/", port)) }); err != nil {
		d.stop(stopTimeout)
		return nil, err
	}
	return r, nil
}

// Host is the registry's name in image references: localhost:<port>.
func (r *Registry) Host() string { return fmt.Sprintf("localhost:%d", r.Port) }

// HasManifest reports whether the registry serves the manifest of name:tag.
func (r *Registry) HasManifest(name, tag string) error {
	req, _ := http.NewRequest(http.MethodHead, fmt.Sprintf("http://127.0.0.1:%d/v2/%s/manifests/%s", r.Port, name, tag), nil)
	req.Header.Set("Accept", "application/vnd.oci.image.manifest.v1+json, application/vnd.oci.image.index.v1+json")
	rsp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	rsp.Body.Close()
	if rsp.StatusCode != http.StatusOK {
		return fmt.Errorf("%s:%s: HTTP %d from the registry", name, tag, rsp.StatusCode)
	}
	return nil
}

// Stop stops the registry.
func (r *Registry) Stop() { r.d.stop(stopTimeout) }

// LogTail is the end of the registry's log.
func (r *Registry) LogTail(lines int) string { return r.d.logTail(lines) }
