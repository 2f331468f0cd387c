package harness

import (
	"github.com/containerd/nri/pkg/api"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"
)

// adjustmentCases: what the runtime must have applied for each named case, checked on its
// merged reply. The plugin's raw reply is compared with upstream's helpers separately. Kinds
// that older libraries lack name the release that added them; their checks are in the
// features_*.go files built against the libraries that have them.
var adjustmentCases = []struct {
	name    string
	applied func(t *T, a *api.ContainerAdjustment)
	since   string
}{
	{"annotations", func(t *T, a *api.ContainerAdjustment) {
		require.Equal(t, "yes", a.Annotations[Prefix+"added"])
		require.Contains(t, a.Annotations, "-"+Prefix+"doomed", "removal passed on")
	}, ""},
	{"mounts", func(t *T, a *api.ContainerAdjustment) {
		require.Equal(t, []string{"/data", "-/doomed"}, mountPaths(a.Mounts))
		require.Equal(t, "/host/data", a.Mounts[0].Source)
	}, ""},
	{"env", func(t *T, a *api.ContainerAdjustment) {
		require.Len(t, a.Env, 1)
		require.Equal(t, "ADDED", a.Env[0].Key)
	}, ""},
	{"args-set", nil, "v0.10.0"},
	{"args-update", nil, "v0.10.0"},
	{"hooks", func(t *T, a *api.ContainerAdjustment) {
		require.Equal(t, "/bin/prestart", a.Hooks.Prestart[0].Path)
		require.EqualValues(t, 5, a.Hooks.Prestart[0].Timeout.GetValue())
		require.Equal(t, "/bin/poststop", a.Hooks.Poststop[0].Path)
	}, ""},
	{"devices", func(t *T, a *api.ContainerAdjustment) {
		require.Len(t, a.Linux.Devices, 1)
		require.Equal(t, "/dev/added", a.Linux.Devices[0].Path)
		require.EqualValues(t, 0o666, a.Linux.Devices[0].FileMode.GetValue())
	}, ""},
	{"namespaces", nil, "v0.10.0"},
	{"rlimits", func(t *T, a *api.ContainerAdjustment) {
		require.Len(t, a.Rlimits, 2)
		require.EqualValues(t, 1024, a.Rlimits[0].Hard)
	}, ""},
	{"cdi", func(t *T, a *api.ContainerAdjustment) {
		require.Len(t, a.CDIDevices, 2)
	}, ""},
	{"ioprio", nil, "v0.10.0"},
	{"netdevices", nil, "v0.11.0"},
	{"scheduler", nil, "v0.11.0"},
	{"sysctl", nil, "v0.11.0"},
	{"mempolicy", func(t *T, a *api.ContainerAdjustment) {
		requireMemoryPolicy(t, a)
	}, ""},
	{"cpu", func(t *T, a *api.ContainerAdjustment) {
		c := a.Linux.Resources.Cpu
		require.EqualValues(t, 512, c.Shares.GetValue())
		require.EqualValues(t, 20000, c.Quota.GetValue())
		require.EqualValues(t, 100000, c.Period.GetValue())
		require.EqualValues(t, 100, c.RealtimeRuntime.GetValue())
		require.EqualValues(t, 1000, c.RealtimePeriod.GetValue())
		require.Equal(t, "0-1", c.Cpus)
		require.Equal(t, "0", c.Mems)
	}, ""},
	{"memory", func(t *T, a *api.ContainerAdjustment) {
		m := a.Linux.Resources.Memory
		require.EqualValues(t, 1<<30, m.Limit.GetValue())
		require.EqualValues(t, 512<<20, m.Reservation.GetValue())
		require.EqualValues(t, 2<<30, m.Swap.GetValue())
		require.EqualValues(t, 64<<20, m.Kernel.GetValue())
		require.EqualValues(t, 32<<20, m.KernelTcp.GetValue())
		require.EqualValues(t, 30, m.Swappiness.GetValue())
		require.True(t, m.DisableOomKiller.GetValue())
		require.True(t, m.UseHierarchy.GetValue())
	}, ""},
	{"classes", func(t *T, a *api.ContainerAdjustment) {
		require.Equal(t, "high", a.Linux.Resources.BlockioClass.GetValue())
		require.Equal(t, "gold", a.Linux.Resources.RdtClass.GetValue())
	}, ""},
	{"hugepages", func(t *T, a *api.ContainerAdjustment) {
		require.Len(t, a.Linux.Resources.HugepageLimits, 2)
		require.Equal(t, "2MB", a.Linux.Resources.HugepageLimits[0].PageSize)
	}, ""},
	{"unified", func(t *T, a *api.ContainerAdjustment) {
		require.Equal(t, "1073741824", a.Linux.Resources.Unified["memory.high"])
	}, ""},
	{"pids", func(t *T, a *api.ContainerAdjustment) {
		require.EqualValues(t, 100, a.Linux.Resources.Pids.GetLimit())
	}, ""},
	{"cgroupspath", func(t *T, a *api.ContainerAdjustment) {
		require.Equal(t, "/conformance/cgroup", a.Linux.CgroupsPath)
	}, ""},
	{"oomscore", func(t *T, a *api.ContainerAdjustment) {
		require.EqualValues(t, 500, a.Linux.OomScoreAdj.GetValue())
	}, ""},
	{"seccomp", nil, "v0.10.0"},
	{"rdt", nil, "v0.11.0"},
	{"rdt-remove", nil, "v0.11.0"},
}

func (h *Harness) adjustments(t *T) {
	rt := NewRuntime(t, RuntimeOptions{})
	h.Connect(t, rt, PluginOptions{Name: "adjuster", Idx: "10", Events: "createcontainer"})
	for _, c := range adjustmentCases {
		c := c
		pod := Pod("pod-adjust", map[string]string{"adjust": c.name})
		ctr := Ctr(pod, "ctr-"+c.name)
		t.Run("should adjust "+c.name+" as upstream's helpers do", func(t *T) {
			applied := c.applied
			if c.since != "" {
				newer, ok := newerAdjustments[c.name]
				if !ok {
					t.Skipf("NRI %s has no %s adjustment (added in %s)", NRIVersion(), c.name, c.since)
				}
				applied = newer.applied
			}
			if c.name == "mempolicy" && !HasMemoryPolicy {
				t.Skipf("NRI %s has no memory policy adjustment (added in v0.12.0)", NRIVersion())
			}
			if c.name == "sysctl" && SysctlCrashesRuntime {
				// This library panics on any sysctl adjustment (fixed in v0.12.0, a7dd8b0): the
				// stub must refuse to send one rather than crash the runtime.
				_, err := rt.CreateContainer(pod, ctr)
				require.Error(t, err)
				require.Contains(t, err.Error(), "not sending sysctl adjustments to containerd "+DefaultRuntimeVersion+" (NRI v0.11.0)")
				return
			}
			mark := rt.Calls.Mark()
			rsp, err := rt.CreateContainer(pod, ctr)
			require.NoError(t, err)
			call := findCall(rt.Calls.Since(mark), "CreateContainer")
			require.NotNil(t, call, "the plugin was called")
			raw := &api.CreateContainerResponse{}
			require.NoError(t, proto.Unmarshal(call.Response, raw))
			requireProto(t, wire(AdjustmentCase(c.name, "10-adjuster")), raw.Adjust,
				"the plugin's adjustment, against upstream's helpers")
			applied(t, rsp.Adjust)
		})
	}
}

func mountPaths(mounts []*api.Mount) []string {
	var paths []string
	for _, m := range mounts {
		paths = append(paths, m.Destination)
	}
	return paths
}
