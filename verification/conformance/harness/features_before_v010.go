//go:build nri_v008

package harness

import (
	"fmt"

	"github.com/containerd/nri/pkg/api"
)

// How the library names fields that two plugins both set (pkg/adaptation/result.go).
const (
	conflictAnnotation = "annotation "
	conflictMemLimit   = "memory limit"
)

// updatePodSandbox: libraries before v0.10.0 have no UpdatePodSandbox.
func updatePodSandbox(*Runtime, *api.PodSandbox) error {
	return fmt.Errorf("NRI %s has no UpdatePodSandbox", NRIVersion())
}
