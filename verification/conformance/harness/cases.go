package harness

import (
	"os"
	"time"

	"github.com/containerd/nri/pkg/api"
)

const timeoutConnect = 20 * time.Second

// AdjustmentCase builds, with upstream's own helpers, what the conformance plugin builds with
// nri-core's Adjustment builder under the same name (AdjustmentCases.java).
func AdjustmentCase(name, self string) *api.ContainerAdjustment {
	a := &api.ContainerAdjustment{}
	switch name {
	case "annotations":
		a.AddAnnotation(Prefix+"added", "yes")
		a.RemoveAnnotation(Prefix + "doomed")
	case "mounts":
		a.AddMount(&api.Mount{Source: "/host/data", Destination: "/data", Type: "bind", Options: []string{"rbind", "ro"}})
		a.RemoveMount("/doomed")
	case "env":
		a.AddEnv("ADDED", "yes")
		a.RemoveEnv("DOOMED")
	case "hooks":
		a.AddHooks(&api.Hooks{
			Prestart: []*api.Hook{{Path: "/bin/prestart", Args: []string{"prestart", "a"}, Env: []string{"A=1"},
				Timeout: api.Int(5)}},
			Poststop: []*api.Hook{{Path: "/bin/poststop"}},
		})
	case "devices":
		a.AddDevice(&api.LinuxDevice{Path: "/dev/added", Type: "c", Major: 1, Minor: 3,
			FileMode: api.FileMode(os.FileMode(0o666)), Uid: api.UInt32(uint32(0)), Gid: api.UInt32(uint32(0))})
		a.RemoveDevice("/dev/doomed")
	case "rlimits":
		a.AddRlimit("RLIMIT_NOFILE", 1024, 512)
		a.AddRlimit("RLIMIT_NPROC", 200, 100)
	case "cdi":
		a.AddCDIDevice(&api.CDIDevice{Name: "vendor.com/device=one"})
		a.AddCDIDevice(&api.CDIDevice{Name: "vendor.com/device=two"})
	case "mempolicy":
		memoryPolicy(a)
	case "cpu":
		a.SetLinuxCPUShares(512)
		a.SetLinuxCPUQuota(20000)
		a.SetLinuxCPUPeriod(100000)
		a.SetLinuxCPURealtimeRuntime(100)
		a.SetLinuxCPURealtimePeriod(1000)
		a.SetLinuxCPUSetCPUs("0-1")
		a.SetLinuxCPUSetMems("0")
	case "memory":
		a.SetLinuxMemoryLimit(1 << 30)
		a.SetLinuxMemoryReservation(512 << 20)
		a.SetLinuxMemorySwap(2 << 30)
		a.SetLinuxMemoryKernel(64 << 20)
		a.SetLinuxMemoryKernelTCP(32 << 20)
		a.SetLinuxMemorySwappiness(30)
		a.SetLinuxMemoryDisableOomKiller()
		a.SetLinuxMemoryUseHierarchy()
	case "classes":
		a.SetLinuxBlockIOClass("high")
		a.SetLinuxRDTClass("gold")
	case "hugepages":
		a.AddLinuxHugepageLimit("2MB", 2<<30)
		a.AddLinuxHugepageLimit("1GB", 1<<30)
	case "unified":
		a.AddLinuxUnified("memory.high", "1073741824")
	case "pids":
		a.SetLinuxPidLimits(100)
	case "cgroupspath":
		a.SetLinuxCgroupsPath("/conformance/cgroup")
	case "oomscore":
		v := 500
		a.SetLinuxOomScoreAdj(&v)
	case "claim-annotation":
		a.AddAnnotation(Prefix+"owner", self)
	case "takeover-annotation":
		a.RemoveAnnotation(Prefix + "owner")
		a.AddAnnotation(Prefix+"owner", self)
	default:
		newer, ok := newerAdjustments[name]
		if !ok {
			panic("unknown adjustment case " + name + " (or not in NRI " + NRIVersion() + ")")
		}
		newer.build(a)
	}
	return a
}

// newerAdjustment is an adjustment kind that not every runtime library has: built and checked
// in a file compiled only against the libraries that have it (features_*.go).
type newerAdjustment struct {
	build   func(a *api.ContainerAdjustment)
	applied func(t *T, a *api.ContainerAdjustment)
}

// newerAdjustments holds the newer kinds this library has, by case name.
var newerAdjustments = map[string]newerAdjustment{}

// UpdateCase builds with upstream's helpers what UpdateCases.java builds under the same name.
func UpdateCase(name, id string) *api.ContainerUpdate {
	u := &api.ContainerUpdate{}
	u.SetContainerId(id)
	switch name {
	case "cpu":
		u.SetLinuxCPUShares(256)
		u.SetLinuxCPUQuota(10000)
		u.SetLinuxCPUPeriod(100000)
		u.SetLinuxCPUSetCPUs("1")
	case "memory":
		u.SetLinuxMemoryLimit(128 << 20)
		u.SetLinuxMemorySwappiness(10)
	case "classes":
		u.SetLinuxBlockIOClass("low")
		u.SetLinuxRDTClass("bronze")
	case "hugepages":
		u.AddLinuxHugepageLimit("2MB", 1<<30)
	case "unified":
		u.AddLinuxUnified("cpu.weight", "50")
	case "ignore-failure":
		u.SetLinuxCPUShares(128)
		u.SetIgnoreFailure()
	default:
		panic("unknown update case " + name)
	}
	return u
}
