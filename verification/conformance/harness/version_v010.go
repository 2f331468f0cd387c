//go:build nri_v010 && !nri_v008

package harness

// Features of the runtime library this harness was built against: NRI v0.10.0, as in
// containerd 2.2.0 and CRI-O 1.34: pod updates and validation, no sysctl, network device,
// scheduler or RDT adjustments yet.
const (
	// DefaultRuntimeVersion is the containerd release that ships this library.
	DefaultRuntimeVersion = "v2.2.0"
	// SysctlCrashesRuntime: the v0.11.0 library panics on sysctl adjustments (a7dd8b0).
	SysctlCrashesRuntime = false
	HasVersionExchange   = false
	HasDedicatedRPCs     = false
	HasNameCheck         = false
	HasMemoryPolicy      = false
	HasFailurePolicy     = false
	HasPodUpdates        = true  // UpdatePodSandbox, PostUpdatePodSandbox (v0.10.0)
	HasValidation        = true  // ValidateContainerAdjustment (v0.10.0)
	NewestLibrary        = false // an older library, built with its own module file and tags
)
