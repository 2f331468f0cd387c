//go:build nri_v011 && !nri_v010

package harness

// Features of the runtime library this harness was built against: NRI v0.11.0, as in
// containerd 2.2.1-2.2.x and CRI-O 1.35, where most events still travel as StateChange.
const (
	// DefaultRuntimeVersion is the containerd release that ships this library.
	DefaultRuntimeVersion = "v2.2.1"
	// SysctlCrashesRuntime: the v0.11.0 library panics on sysctl adjustments (a7dd8b0).
	SysctlCrashesRuntime = true
	HasVersionExchange   = false
	HasDedicatedRPCs     = false
	HasNameCheck         = false
	HasMemoryPolicy      = false
	HasFailurePolicy     = false
	HasPodUpdates        = true  // UpdatePodSandbox, PostUpdatePodSandbox (v0.10.0)
	HasValidation        = true  // ValidateContainerAdjustment (v0.10.0)
	NewestLibrary        = false // an older library, built with its own module file and tags
)
