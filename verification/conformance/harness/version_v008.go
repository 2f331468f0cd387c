//go:build nri_v008

package harness

// Features of the runtime library this harness was built against: NRI v0.8.0, as in
// containerd 1.7.26-1.7.x, 2.0 and 2.1. Its events are 1-11 only (valid mask 0x7FF): no pod
// updates and no validation, and it refuses a subscription to anything else.
const (
	// DefaultRuntimeVersion is the containerd release that ships this library.
	DefaultRuntimeVersion = "v2.1.4"
	// SysctlCrashesRuntime: the v0.11.0 library panics on sysctl adjustments (a7dd8b0).
	SysctlCrashesRuntime = false
	HasVersionExchange   = false
	HasDedicatedRPCs     = false
	HasNameCheck         = false
	HasMemoryPolicy      = false
	HasFailurePolicy     = false
	HasPodUpdates        = false
	HasValidation        = false
	NewestLibrary        = false // an older library, built with its own module file and tags
)
