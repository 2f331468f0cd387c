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

// CRIO is one CRI-O release running with NRI enabled. Every path it would take from the host
// (/etc/crio, /var/lib/containers, /var/run/crio, /var/log/crio) is configured under Dir.
type CRIO struct {
	CRI
	Version   string
	BinDir    string // crio, pinns, copyimg
	Debs      string // Debian's runc, conmon and busybox, unpacked
	Dir       string
	Socket    string // CRI (gRPC)
	NRISocket string
	PluginDir string
	ConfDir   string

	proc criProcess
}

// NewCRIO lays out dir for version and writes its configuration.
func NewCRIO(version, binDir, debs, dir, cgroupParent string) (*CRIO, error) {
	c := &CRIO{CRI: CRI{CgroupParent: cgroupParent}, Version: version, BinDir: binDir, Debs: debs,
		Dir: dir, Socket: filepath.Join(dir, "crio.sock"), NRISocket: filepath.Join(dir, "nri.sock"),
		PluginDir: filepath.Join(dir, "nri-plugins"), ConfDir: filepath.Join(dir, "nri-conf")}
	for _, d := range []string{c.PluginDir, c.ConfDir, c.path("cni"), c.path("crio.conf.d"), c.path("hooks.d")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	files := map[string]string{
		"crio.conf": c.config(),
		// Images come from local archives only: accept them unsigned, search no registry.
		"policy.json":     `{"default":[{"type":"insecureAcceptAnything"}]}`,
		"registries.conf": "unqualified-search-registries = []\n",
		"mounts.conf":     "",
		"storage.conf": fmt.Sprintf("[storage]\ndriver = \"vfs\"\nrunroot = %q\ngraphroot = %q\n",
			c.path("runroot"), c.path("root")),
	}
	for name, content := range files {
		if err := os.WriteFile(c.path(name), []byte(content), 0o644); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func (c *CRIO) path(name string) string { return filepath.Join(c.Dir, name) }

func (c *CRIO) config() string {
	q := func(s string) string { return fmt.Sprintf("%q", s) }
	return strings.Join([]string{
		`[crio]`,
		`root = ` + q(c.path("root")),
		`runroot = ` + q(c.path("runroot")),
		// vfs: plain copies, no overlay mounts or kernel features needed.
		`storage_driver = "vfs"`,
		`log_dir = ` + q(c.path("pods")),
		`version_file = ` + q(c.path("version")),
		`version_file_persist = ` + q(c.path("version-persist")),
		`clean_shutdown_file = ` + q(c.path("clean.shutdown")),
		`[crio.api]`,
		`listen = ` + q(c.Socket),
		`stream_address = "127.0.0.1"`,
		`stream_port = "0"`,
		`[crio.runtime]`,
		`default_runtime = "runc"`,
		`cgroup_manager = "cgroupfs"`,
		`conmon = ` + q(filepath.Join(c.Debs, "usr/bin/conmon")),
		`conmon_cgroup = "pod"`,
		`pinns_path = ` + q(filepath.Join(c.BinDir, "pinns")),
		`namespaces_dir = ` + q(c.path("ns")),
		`container_exits_dir = ` + q(c.path("exits")),
		`container_attach_socket_dir = ` + q(c.path("attach")),
		`hooks_dir = [` + q(c.path("hooks.d")) + `]`,
		`default_mounts_file = ` + q(c.path("mounts.conf")),
		`decryption_keys_path = ` + q(c.path("keys")),
		`cdi_spec_dirs = [` + q(c.path("cdi")) + `]`,
		// Nothing of the host's: no iptables or nft here, and no irqbalance to restore.
		`disable_hostport_mapping = true`,
		`irqbalance_config_file = ` + q(c.path("irqbalance")),
		`irqbalance_config_restore_file = "disable"`,
		`[crio.runtime.runtimes.runc]`,
		`runtime_path = ` + q(filepath.Join(c.Debs, "usr/sbin/runc")),
		`runtime_type = "oci"`,
		`runtime_root = ` + q(c.path("runc")),
		`monitor_path = ` + q(filepath.Join(c.Debs, "usr/bin/conmon")),
		`[crio.image]`,
		`pause_image = ` + q(PauseImage),
		`pause_command = "/pause"`,
		`signature_policy = ` + q(c.path("policy.json")),
		`signature_policy_dir = ` + q(c.path("policies")),
		`[crio.network]`,
		`network_dir = ` + q(c.path("cni")),
		`plugin_dirs = [` + q(filepath.Join(c.Debs, "usr/lib/cni")) + `]`,
		`[crio.nri]`,
		`enable_nri = true`,
		`nri_listen = ` + q(c.NRISocket),
		`nri_plugin_dir = ` + q(c.PluginDir),
		`nri_plugin_config_dir = ` + q(c.ConfDir),
		// A JVM on a loaded 2-core machine takes longer than the default 5 s to register.
		`nri_plugin_registration_timeout = "30s"`,
		`nri_plugin_request_timeout = "5s"`,
		`nri_disable_connections = false`,
		"",
	}, "\n")
}

// env points containers/image at the suite's policy and registries instead of /etc/containers.
func (c *CRIO) env() []string {
	return append(os.Environ(),
		"PATH="+c.BinDir+":"+filepath.Join(c.Debs, "usr/sbin")+":"+filepath.Join(c.Debs, "usr/bin")+":/usr/sbin:/usr/bin:/sbin:/bin",
		"CONTAINERS_REGISTRIES_CONF="+c.path("registries.conf"),
		"CONTAINERS_STORAGE_CONF="+c.path("storage.conf"),
		"CONTAINERS_POLICY_JSON="+c.path("policy.json"))
}

// Import copies an OCI archive into CRI-O's containers-storage as name, before CRI-O starts:
// with CRI-O's own test tool copyimg, since no registry serves the images.
func (c *CRIO) Import(archive, name string) error {
	cmd := exec.Command(filepath.Join(c.BinDir, "copyimg"), "--root", c.path("root"),
		"--runroot", c.path("runroot"), "--storage-driver", "vfs",
		"--signature-policy", c.path("policy.json"), "--image-name", name,
		"--import-from", "oci-archive:"+archive)
	cmd.Env = c.env()
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("copyimg %s: %v: %s", filepath.Base(archive), err, bytes.TrimSpace(out))
	}
	return nil
}

// Start starts CRI-O and waits until its CRI runtime service answers.
func (c *CRIO) Start(timeout time.Duration) error {
	return c.proc.start(&c.CRI, c.Socket, timeout, func() (*daemon, error) {
		return startDaemonEnv(c.Dir, "crio", c.env(), filepath.Join(c.BinDir, "crio"), "--config", c.path("crio.conf"),
			"--config-dir", c.path("crio.conf.d"), "--log-level", "info")
	})
}

// Stop ends CRI-O with SIGTERM (SIGKILL after timeout); conmon and the containers live on.
func (c *CRIO) Stop(timeout time.Duration) { c.proc.stop(timeout) }

// LogTail is the end of CRI-O's log, for failure messages.
func (c *CRIO) LogTail(lines int) string {
	return tail(readLog(filepath.Join(c.Dir, "crio.log")), lines)
}

// Close releases the CRI connection.
func (c *CRIO) Close() { c.proc.close() }

// Name is how cases name this runtime.
func (c *CRIO) Name() string { return "CRI-O " + c.Version }

// NRIPath is the socket external plugins connect to.
func (c *CRIO) NRIPath() string { return c.NRISocket }

// BundleConfig is the OCI spec CRI-O handed runc for a container.
func (c *CRIO) BundleConfig(id string) string {
	return filepath.Join(c.path("runroot"), "vfs-containers", id, "userdata", "config.json")
}
