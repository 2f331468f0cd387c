//go:build !nri_v008

package harness

import (
	"context"

	"github.com/containerd/nri/pkg/api"
	"github.com/stretchr/testify/require"
)

// What runtime libraries from v0.10.0 on have: UpdatePodSandbox, and adjustments of args,
// namespaces, I/O priority and seccomp policy.

// UpdatePodSandbox calls the plugins for a pod resource update.
func (rt *Runtime) UpdatePodSandbox(pod *api.PodSandbox, res *api.LinuxResources) (rsp *api.UpdatePodSandboxResponse, err error) {
	rt.Locked(func() {
		rsp, err = rt.R.UpdatePodSandbox(context.Background(), &api.UpdatePodSandboxRequest{Pod: pod, LinuxResources: res})
	})
	return rsp, err
}

// How the library names fields that two plugins both set (pkg/api owners, since v0.10.0).
const (
	conflictAnnotation = "Annotations "
	conflictMemLimit   = "MemLimit"
)

func updatePodSandbox(rt *Runtime, pod *api.PodSandbox) error {
	_, err := rt.UpdatePodSandbox(pod, &api.LinuxResources{})
	return err
}

func init() {
	newerAdjustments["args-set"] = newerAdjustment{
		func(a *api.ContainerAdjustment) { a.SetArgs([]string{"/bin/sh", "-c", "echo hello"}) },
		func(t *T, a *api.ContainerAdjustment) {
			require.Equal(t, []string{"/bin/sh", "-c", "echo hello"}, a.Args)
		}}
	newerAdjustments["args-update"] = newerAdjustment{
		func(a *api.ContainerAdjustment) { a.UpdateArgs([]string{"/bin/true"}) },
		func(t *T, a *api.ContainerAdjustment) {
			require.Equal(t, []string{"/bin/true"}, a.Args, "the override marker is consumed")
		}}
	newerAdjustments["namespaces"] = newerAdjustment{
		func(a *api.ContainerAdjustment) {
			a.AddOrReplaceNamespace(&api.LinuxNamespace{Type: "network", Path: "/var/run/netns/conformance"})
			a.RemoveNamespace(&api.LinuxNamespace{Type: "ipc"})
		},
		func(t *T, a *api.ContainerAdjustment) {
			require.Len(t, a.Linux.Namespaces, 2)
			require.Equal(t, "/var/run/netns/conformance", a.Linux.Namespaces[0].Path)
			require.Equal(t, "-ipc", a.Linux.Namespaces[1].Type)
		}}
	newerAdjustments["ioprio"] = newerAdjustment{
		func(a *api.ContainerAdjustment) {
			a.SetLinuxIOPriority(&api.LinuxIOPriority{Class: api.IOPrioClass_IOPRIO_CLASS_BE, Priority: 4})
		},
		func(t *T, a *api.ContainerAdjustment) {
			require.Equal(t, api.IOPrioClass_IOPRIO_CLASS_BE, a.Linux.IoPriority.Class)
			require.EqualValues(t, 4, a.Linux.IoPriority.Priority)
		}}
	newerAdjustments["seccomp"] = newerAdjustment{
		func(a *api.ContainerAdjustment) {
			a.SetLinuxSeccompPolicy(&api.LinuxSeccomp{
				DefaultAction: "SCMP_ACT_ERRNO", DefaultErrno: api.UInt32(uint32(1)),
				Architectures: []string{"SCMP_ARCH_X86_64"}, Flags: []string{"SECCOMP_FILTER_FLAG_LOG"},
				Syscalls: []*api.LinuxSyscall{{Names: []string{"read", "write"}, Action: "SCMP_ACT_ALLOW",
					Args: []*api.LinuxSeccompArg{{Index: 0, Value: 1, Op: "SCMP_CMP_EQ"}}}},
			})
		},
		func(t *T, a *api.ContainerAdjustment) {
			require.Equal(t, "SCMP_ACT_ERRNO", a.Linux.SeccompPolicy.DefaultAction)
			require.Equal(t, []string{"read", "write"}, a.Linux.SeccompPolicy.Syscalls[0].Names)
		}}
}
