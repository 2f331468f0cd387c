//go:build !nri_v010

package harness

import (
	"github.com/containerd/nri/pkg/api"
	"github.com/stretchr/testify/require"
)

// What runtime libraries from v0.11.0 on have: adjustments of sysctls, network devices, the
// scheduler and RDT, and containers that carry sysctls and network devices.

// withNewerFields adds to a container what the adjustment cases of this library remove.
func withNewerFields(l *api.LinuxContainer) {
	l.Sysctl = map[string]string{"net.core.somaxconn": "128"}
	l.NetDevices = map[string]*api.LinuxNetDevice{"eth2": {Name: "net2"}}
}

func init() {
	newerAdjustments["netdevices"] = newerAdjustment{
		func(a *api.ContainerAdjustment) {
			a.AddLinuxNetDevice("eth1", &api.LinuxNetDevice{Name: "net1"})
			a.RemoveLinuxNetDevice("eth2")
		},
		func(t *T, a *api.ContainerAdjustment) {
			require.Equal(t, "net1", a.Linux.NetDevices["eth1"].GetName())
			require.Contains(t, a.Linux.NetDevices, "-eth2")
		}}
	newerAdjustments["scheduler"] = newerAdjustment{
		func(a *api.ContainerAdjustment) {
			a.SetLinuxScheduler(&api.LinuxScheduler{Policy: api.LinuxSchedulerPolicy_SCHED_BATCH, Nice: 5,
				Flags: []api.LinuxSchedulerFlag{api.LinuxSchedulerFlag_SCHED_FLAG_RESET_ON_FORK}})
		},
		func(t *T, a *api.ContainerAdjustment) {
			require.Equal(t, api.LinuxSchedulerPolicy_SCHED_BATCH, a.Linux.Scheduler.Policy)
			require.EqualValues(t, 5, a.Linux.Scheduler.Nice)
		}}
	newerAdjustments["sysctl"] = newerAdjustment{
		func(a *api.ContainerAdjustment) {
			a.SetLinuxSysctl("net.ipv4.ip_forward", "1")
			a.SetLinuxSysctl("-net.core.somaxconn", "") // upstream has no remove helper; the marker is the API
		},
		func(t *T, a *api.ContainerAdjustment) {
			require.Equal(t, "1", a.Linux.Sysctl["net.ipv4.ip_forward"])
			require.Contains(t, a.Linux.Sysctl, "-net.core.somaxconn")
		}}
	newerAdjustments["rdt"] = newerAdjustment{
		func(a *api.ContainerAdjustment) {
			a.SetLinuxRDTClosID("clos1")
			a.SetLinuxRDTSchemata([]string{"L3:0=ff"})
			a.SetLinuxRDTEnableMonitoring(true)
		},
		func(t *T, a *api.ContainerAdjustment) {
			require.Equal(t, "clos1", a.Linux.Rdt.ClosId.GetValue())
			require.Equal(t, []string{"L3:0=ff"}, a.Linux.Rdt.Schemata.GetValue())
			require.True(t, a.Linux.Rdt.EnableMonitoring.GetValue())
			require.False(t, a.Linux.Rdt.Remove)
		}}
	newerAdjustments["rdt-remove"] = newerAdjustment{
		func(a *api.ContainerAdjustment) { a.RemoveLinuxRDT() },
		func(t *T, a *api.ContainerAdjustment) { require.True(t, a.Linux.Rdt.Remove) }}
}
