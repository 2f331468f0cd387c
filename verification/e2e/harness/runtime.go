package harness

import (
	"time"

	specs "github.com/opencontainers/runtime-spec/specs-go"
	cri "k8s.io/cri-api/pkg/apis/runtime/v1"
)

// Runtime is what the scenarios drive: containerd or CRI-O, through CRI and NRI.
type Runtime interface {
	Name() string    // e.g. "containerd v2.2.0", "CRI-O v1.34.0"
	NRIPath() string // the socket external plugins connect to
	RunPod(name string, annotations map[string]string) (*Pod, error)
	Spec(id string) (*specs.Spec, error)
	Exec(id string, command ...string) (string, error)
	Start(timeout time.Duration) error
	Stop(timeout time.Duration)
	BundleConfig(id string) string // the OCI spec runc was given, for failure messages
}

// managedRuntime is a Runtime the suite starts and tears down.
type managedRuntime interface {
	Runtime
	LogTail(lines int) string
	RemoveAllPods() error
	Close()
	cgroupParent() string
}

func (c *CRI) cgroupParent() string { return c.CgroupParent }

// CRI is the kubelet side of a runtime: its CRI runtime service and the pods' cgroup parent.
type CRI struct {
	RT           cri.RuntimeServiceClient
	CgroupParent string
}
