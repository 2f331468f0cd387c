package harness

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Containerd is one containerd release running with NRI enabled, every piece of its state
// under Dir: root, state, sockets, the NRI plugin directory and its configuration.
type Containerd struct {
	CRI
	Version   string
	BinDir    string // containerd, containerd-shim-runc-v2, ctr
	Debs      string // Debian's runc, busybox and CNI plugins, unpacked
	Dir       string
	Socket    string // CRI (gRPC)
	NRISocket string
	PluginDir string // NRI plugins containerd launches
	ConfDir   string // their drop-in configuration
	// RequiredPlugins, when not empty, enables NRI's default validator requiring these plugins;
	// a pod annotated TolerateAnnotation: "true" is exempt (see WriteConfig).
	RequiredPlugins    []string
	TolerateAnnotation string
	// RegistryConfig, when not empty, is the CRI image service's config_path: a directory of
	// <host>/hosts.toml files.
	RegistryConfig string
	// Env is added to containerd's environment, e.g. OTEL_* to turn its tracing on.
	Env []string

	proc criProcess
}

// NewContainerd lays out dir for version and writes its configuration.
func NewContainerd(version, binDir, debs, dir, cgroupParent string) (*Containerd, error) {
	c := &Containerd{CRI: CRI{CgroupParent: cgroupParent}, Version: version, BinDir: binDir, Debs: debs, Dir: dir,
		Socket: filepath.Join(dir, "containerd.sock"), NRISocket: filepath.Join(dir, "nri.sock"),
		PluginDir: filepath.Join(dir, "nri-plugins"), ConfDir: filepath.Join(dir, "nri-conf")}
	for _, d := range []string{c.PluginDir, c.ConfDir, filepath.Join(dir, "cni")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	return c, c.WriteConfig()
}

// WriteConfig writes config.toml from the fields; a running containerd reads it when started
// again.
func (c *Containerd) WriteConfig() error {
	return os.WriteFile(filepath.Join(c.Dir, "config.toml"), []byte(c.config()), 0o644)
}

// validator is the default validator's table, or nothing when no plugin is required.
func (c *Containerd) validator() []string {
	if len(c.RequiredPlugins) == 0 {
		return nil
	}
	var names []string
	for _, p := range c.RequiredPlugins {
		names = append(names, fmt.Sprintf("%q", p))
	}
	return []string{
		`[plugins."io.containerd.nri.v1.nri".default_validator]`,
		`  enable = true`,
		`  required_plugins = [` + strings.Join(names, ", ") + `]`,
		`  tolerate_missing_plugins_annotation = ` + fmt.Sprintf("%q", c.TolerateAnnotation),
	}
}

func (c *Containerd) config() string {
	q := func(s string) string { return fmt.Sprintf("%q", s) }
	head := []string{
		`version = 3`,
		`root = ` + q(filepath.Join(c.Dir, "root")),
		`state = ` + q(filepath.Join(c.Dir, "state")),
		`[grpc]`,
		`  address = ` + q(c.Socket),
		`[ttrpc]`,
		`  address = ` + q(filepath.Join(c.Dir, "containerd.sock.ttrpc")),
		`[debug]`,
		`  address = ` + q(filepath.Join(c.Dir, "debug.sock")),
		`[metrics]`,
		`  address = ""`,
		`[plugins."io.containerd.nri.v1.nri"]`,
		`  disable = false`,
		`  disable_connections = false`,
		`  socket_path = ` + q(c.NRISocket),
		`  plugin_path = ` + q(c.PluginDir),
		`  plugin_config_path = ` + q(c.ConfDir),
		// A JVM on a loaded 2-core machine takes longer than the default 5 s to register.
		`  plugin_registration_timeout = "30s"`,
		`  plugin_request_timeout = "5s"`,
	}
	if c.RegistryConfig != "" {
		head = append(head, `[plugins."io.containerd.cri.v1.images".registry]`, `  config_path = `+q(c.RegistryConfig))
	}
	tail := []string{
		`[plugins."io.containerd.cri.v1.images".pinned_images]`,
		`  sandbox = ` + q(PauseImage),
		`[plugins."io.containerd.cri.v1.runtime"]`,
		// Without CAP_SYS_RESOURCE runc cannot lower the pause container's oom_score_adj.
		`  restrict_oom_score_adj = true`,
		`[plugins."io.containerd.cri.v1.runtime".containerd]`,
		`  default_runtime_name = "runc"`,
		`[plugins."io.containerd.cri.v1.runtime".containerd.runtimes.runc]`,
		`  runtime_type = "io.containerd.runc.v2"`,
		`[plugins."io.containerd.cri.v1.runtime".containerd.runtimes.runc.options]`,
		`  BinaryName = ` + q(filepath.Join(c.Debs, "usr/sbin/runc")),
		`  SystemdCgroup = false`,
		`[plugins."io.containerd.cri.v1.runtime".cni]`,
		`  bin_dirs = [` + q(filepath.Join(c.Debs, "usr/lib/cni")) + `]`,
		`  conf_dir = ` + q(filepath.Join(c.Dir, "cni")),
		`[plugins."io.containerd.grpc.v1.cri"]`,
		`  stream_server_address = "127.0.0.1"`,
		"",
	}
	return strings.Join(append(append(head, c.validator()...), tail...), "\n")
}

// Start starts containerd and waits until its CRI runtime service answers.
func (c *Containerd) Start(timeout time.Duration) error {
	env := append(os.Environ(), "PATH="+c.BinDir+":"+filepath.Join(c.Debs, "usr/sbin")+":/usr/sbin:/usr/bin:/sbin:/bin")
	env = append(env, c.Env...)
	return c.proc.start(&c.CRI, c.Socket, timeout, func() (*daemon, error) {
		return startDaemonEnv(c.Dir, "containerd", env, filepath.Join(c.BinDir, "containerd"),
			"--config", filepath.Join(c.Dir, "config.toml"))
	})
}

// Stop ends containerd with SIGTERM (SIGKILL after timeout); its shims and containers live on.
func (c *Containerd) Stop(timeout time.Duration) { c.proc.stop(timeout) }

// Import imports an OCI archive into the k8s.io namespace, where the CRI plugin finds images.
func (c *Containerd) Import(archive string) error {
	out, err := exec.Command(filepath.Join(c.BinDir, "ctr"), "--address", c.Socket, "-n", "k8s.io",
		"images", "import", archive).CombinedOutput()
	if err != nil {
		return fmt.Errorf("ctr images import %s: %v: %s", filepath.Base(archive), err, bytes.TrimSpace(out))
	}
	return nil
}

// LogTail is the end of containerd's log, for failure messages.
func (c *Containerd) LogTail(lines int) string {
	return tail(readLog(filepath.Join(c.Dir, "containerd.log")), lines)
}

// Close releases the CRI connection.
func (c *Containerd) Close() { c.proc.close() }

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// Name is how cases name this runtime.
func (c *Containerd) Name() string { return "containerd " + c.Version }

// NRIPath is the socket external plugins connect to.
func (c *Containerd) NRIPath() string { return c.NRISocket }

// BundleConfig is the OCI spec the runc shim handed runc for a container.
func (c *Containerd) BundleConfig(id string) string {
	return filepath.Join(c.Dir, "state", "io.containerd.runtime.v2.task", "k8s.io", id, "config.json")
}
