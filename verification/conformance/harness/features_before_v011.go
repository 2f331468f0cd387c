//go:build nri_v010

package harness

import "github.com/containerd/nri/pkg/api"

// withNewerFields: containers have no sysctls or network devices in libraries before v0.11.0.
func withNewerFields(*api.LinuxContainer) {}
