package harness

// ParityTables are the inputs the samples are compared on with upstream's Go plugins of the same
// names: well-formed annotations of every kind each plugin reads, with the key precedence it
// applies, and malformed ones it must refuse. Container "app" is created unless a case says
// otherwise.
var ParityTables = map[string][]ParityCase{
	"ulimit-adjuster": ulimitCases,
	"device-injector": deviceCases,
}

const (
	ulimitKey    = "ulimits.noderesource.dev/container.app"
	oldUlimitKey = "ulimits.nri.containerd.io/container.app"
)

var ulimitCases = []ParityCase{
	{Name: "no annotation", Container: "app"},
	{Name: "three limits, named as the upstream sample names them", Container: "app", Annotations: map[string]string{
		ulimitKey: "- type: memlock\n  hard: 987654\n  soft: 645321\n- type: RLIMIT_NOFILE\n  hard: 4096\n  soft: 1024\n" +
			"- type: nproc\n  hard: 9000\n"}},
	{Name: "the deprecated key", Container: "app", Annotations: map[string]string{
		oldUlimitKey: "- type: nofile\n  hard: 2048\n  soft: 1024\n"}},
	{Name: "the current key before the deprecated one", Container: "app", Annotations: map[string]string{
		ulimitKey: "- type: nofile\n  hard: 4096\n  soft: 4096\n", oldUlimitKey: "- type: nofile\n  hard: 8\n  soft: 8\n"}},
	{Name: "another container's annotation", Container: "app", Annotations: map[string]string{
		"ulimits.noderesource.dev/container.sidecar": "- type: nofile\n  hard: 10\n  soft: 10\n"}},
	{Name: "every rlimit type, in any case, with and without the RLIMIT_ prefix", Container: "app", Annotations: map[string]string{
		ulimitKey: "- {type: as, hard: 1, soft: 1}\n- {type: Core, hard: 2, soft: 1}\n- {type: CPU, hard: 3, soft: 1}\n" +
			"- {type: rlimit_data, hard: 4, soft: 1}\n- {type: RLIMIT_FSIZE, hard: 5, soft: 1}\n- {type: locks, hard: 6, soft: 1}\n" +
			"- {type: msgqueue, hard: 7, soft: 1}\n- {type: nice, hard: 8, soft: 1}\n- {type: rss, hard: 9, soft: 1}\n" +
			"- {type: rtprio, hard: 10, soft: 1}\n- {type: rttime, hard: 11, soft: 1}\n" +
			"- {type: sigpending, hard: 12, soft: 1}\n- {type: stack, hard: 13, soft: 1}\n"}},
	{Name: "the largest signed 64-bit limit", Container: "app", Annotations: map[string]string{
		ulimitKey: "- type: nofile\n  hard: 9223372036854775807\n  soft: 9223372036854775807\n"}},
	{Name: "an empty value", Container: "app", Annotations: map[string]string{ulimitKey: ""}},
	{Name: "an empty list", Container: "app", Annotations: map[string]string{ulimitKey: "[]"}},
	{Name: "unknown fields are ignored", Container: "app", Annotations: map[string]string{
		ulimitKey: "- type: nofile\n  hard: 100\n  soft: 50\n  comment: why not\n"}},
	{Name: "refused: an unknown type", Container: "app", Annotations: map[string]string{
		ulimitKey: "- type: bogus\n  hard: 1\n  soft: 1\n"}},
	{Name: "refused: hard below soft", Container: "app", Annotations: map[string]string{
		ulimitKey: "- type: nofile\n  hard: 10\n  soft: 20\n"}},
	{Name: "refused: not YAML", Container: "app", Annotations: map[string]string{ulimitKey: "- [unclosed"}},
	{Name: "refused: a negative limit", Container: "app", Annotations: map[string]string{
		ulimitKey: "- type: nofile\n  hard: -1\n  soft: 1\n"}},
	{Name: "refused: a limit written as a string", Container: "app", Annotations: map[string]string{
		ulimitKey: "- type: nofile\n  hard: \"100\"\n  soft: 1\n"}},
	{Name: "refused: a fractional limit", Container: "app", Annotations: map[string]string{
		ulimitKey: "- type: nofile\n  hard: 1.5\n  soft: 1\n"}},
	{Name: "refused: a map instead of a list", Container: "app", Annotations: map[string]string{
		ulimitKey: "type: nofile\nhard: 10\nsoft: 10\n"}},
}

const (
	devicePrefix = "devices.noderesource.dev"
	oneDevice    = "- path: /dev/nri-null\n  type: c\n  major: 1\n  minor: 3\n"
)

var deviceCases = []ParityCase{
	{Name: "no annotation", Container: "app"},
	{Name: "devices for the container, with file mode, uid and gid", Container: "app", Annotations: map[string]string{
		devicePrefix + "/container.app": "- path: /dev/nri-null\n  type: c\n  major: 1\n  minor: 3\n  file_mode: 0666\n" +
			"  uid: 1000\n  gid: 1001\n- path: /dev/nri-zero\n  type: b\n  major: 1\n  minor: 5\n"}},
	{Name: "devices for the pod", Container: "app", Annotations: map[string]string{devicePrefix + "/pod": oneDevice}},
	{Name: "devices under the bare key", Container: "app", Annotations: map[string]string{devicePrefix: oneDevice}},
	{Name: "devices under the older key", Container: "app", Annotations: map[string]string{
		"devices.nri.io/container.app": oneDevice}},
	{Name: "the container's key before the pod's and the bare one", Container: "app", Annotations: map[string]string{
		devicePrefix + "/container.app": oneDevice,
		devicePrefix + "/pod":           "- path: /dev/pod-wide\n  type: c\n  major: 1\n  minor: 7\n",
		devicePrefix:                    "- path: /dev/bare\n  type: c\n  major: 1\n  minor: 8\n"}},
	{Name: "the current pod key before the older container key", Container: "app", Annotations: map[string]string{
		devicePrefix + "/pod":          oneDevice,
		"devices.nri.io/container.app": "- path: /dev/older\n  type: c\n  major: 1\n  minor: 9\n"}},
	{Name: "another container's devices", Container: "app", Annotations: map[string]string{
		devicePrefix + "/container.sidecar": oneDevice}},
	{Name: "CDI devices", Container: "app", Annotations: map[string]string{
		"cdi-devices.noderesource.dev/container.app": "- vendor.com/device=foo\n- vendor.com/device=bar\n"}},
	{Name: "mounts", Container: "app", Annotations: map[string]string{
		"mounts.noderesource.dev/container.app": "- source: /tmp\n  destination: /mnt/tmp\n  type: bind\n" +
			"  options: [rbind, ro]\n- source: tmpfs\n  destination: /mnt/scratch\n  type: tmpfs\n"}},
	{Name: "an I/O priority", Container: "app", Annotations: map[string]string{
		"io-priority.noderesource.dev/container.app": "class: IOPRIO_CLASS_RT\npriority: 4\n"}},
	{Name: "an I/O priority of an unknown class", Container: "app", Annotations: map[string]string{
		"io-priority.noderesource.dev/container.app": "class: FAST\npriority: 4\n"}},
	{Name: "network devices", Container: "app", Annotations: map[string]string{
		"network-devices.noderesource.dev/container.app": "- hostIf: dummy0\n  name: eth1\n- hostIf: dummy1\n  name: eth2\n"}},
	{Name: "a scheduling policy with flags", Container: "app", Annotations: map[string]string{
		"scheduling-policy.noderesource.dev/container.app": "policy: SCHED_FIFO\npriority: 50\n" +
			"flags: [SCHED_FLAG_RESET_ON_FORK]\n"}},
	{Name: "a deadline scheduling policy", Container: "app", Annotations: map[string]string{
		"scheduling-policy.noderesource.dev/pod": "policy: SCHED_DEADLINE\nruntime: 100000\ndeadline: 200000\n" +
			"period: 300000\n"}},
	{Name: "a scheduling policy of an unknown name", Container: "app", Annotations: map[string]string{
		"scheduling-policy.noderesource.dev/container.app": "policy: SCHED_FAST\nnice: 5\n"}},
	{Name: "sysctls", Container: "app", Annotations: map[string]string{
		"sysctl.noderesource.dev/container.app": "net.ipv4.ip_forward: \"1\"\nkernel.shm_rmid_forced: \"0\"\n"}},
	{Name: "a memory policy", Container: "app", Annotations: map[string]string{
		"memory-policy.noderesource.dev/container.app": "mode: MPOL_INTERLEAVE\nnodes: \"0-1\"\n" +
			"flags: [MPOL_F_STATIC_NODES]\n"}},
	{Name: "everything at once", Container: "app", Annotations: map[string]string{
		devicePrefix + "/container.app":                    oneDevice,
		"cdi-devices.noderesource.dev/container.app":       "- vendor.com/device=foo\n",
		"mounts.noderesource.dev/container.app":            "- source: /tmp\n  destination: /mnt/tmp\n  type: bind\n",
		"io-priority.noderesource.dev/container.app":       "class: IOPRIO_CLASS_BE\npriority: 2\n",
		"network-devices.noderesource.dev/container.app":   "- hostIf: dummy0\n  name: eth1\n",
		"scheduling-policy.noderesource.dev/container.app": "policy: SCHED_BATCH\nnice: 10\n",
		"sysctl.noderesource.dev/container.app":            "net.ipv4.ip_forward: \"1\"\n",
		"memory-policy.noderesource.dev/container.app":     "mode: MPOL_BIND\nnodes: \"0\"\n"}},
	{Name: "refused: devices that are not a list", Container: "app", Annotations: map[string]string{
		devicePrefix + "/container.app": "path: /dev/nri-null\n"}},
	{Name: "refused: a device number written as text", Container: "app", Annotations: map[string]string{
		devicePrefix + "/container.app": "- path: /dev/nri-null\n  type: c\n  major: one\n  minor: 3\n"}},
	{Name: "refused: mount options that are not a list", Container: "app", Annotations: map[string]string{
		"mounts.noderesource.dev/container.app": "- source: /tmp\n  destination: /mnt\n  options: ro\n"}},
	{Name: "refused: CDI devices that are not names", Container: "app", Annotations: map[string]string{
		"cdi-devices.noderesource.dev/container.app": "- {name: foo}\n"}},
	{Name: "a sysctl value written as a number is taken as text", Container: "app", Annotations: map[string]string{
		"sysctl.noderesource.dev/container.app": "net.core.somaxconn: 1024\n"}},
	{Name: "refused: an unknown memory policy mode", Container: "app", Annotations: map[string]string{
		"memory-policy.noderesource.dev/container.app": "mode: MPOL_FASTEST\n"}},
	{Name: "refused: an unknown memory policy flag", Container: "app", Annotations: map[string]string{
		"memory-policy.noderesource.dev/container.app": "mode: MPOL_BIND\nnodes: \"0\"\nflags: [MPOL_F_FAST]\n"}},
	{Name: "refused: an I/O priority that is not a map", Container: "app", Annotations: map[string]string{
		"io-priority.noderesource.dev/container.app": "- IOPRIO_CLASS_RT\n"}},
	{Name: "refused: not YAML", Container: "app", Annotations: map[string]string{
		"network-devices.noderesource.dev/container.app": "- {hostIf: dummy0"}},
}
