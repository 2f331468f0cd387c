package driver

import (
	"fmt"
	"time"

	"github.com/containerd/nri/pkg/api"
	"github.com/nri4j/nri4j/verification/conformance/harness"
	"google.golang.org/protobuf/proto"
)

// SyncResult is a fresh process synchronizing with a large runtime state.
type SyncResult struct {
	Kind    string
	Spawned time.Duration // start of the process to synchronized
	Took    time.Duration // the Synchronize exchange alone, all split parts
	Memory  Memory        // right after synchronization
}

// State is the runtime state a Synchronize carries.
type State struct {
	Pods       []*api.PodSandbox
	Containers []*api.Container
}

// NewState has pods pods sharing containers containers evenly.
func NewState(pods, containers int) State {
	var s State
	for i := 0; i < pods; i++ {
		s.Pods = append(s.Pods, harness.Pod(fmt.Sprintf("sync-pod-%d", i), nil))
	}
	for i := 0; i < containers; i++ {
		s.Containers = append(s.Containers, harness.Ctr(s.Pods[i%pods], fmt.Sprintf("sync-ctr-%d", i)))
	}
	return s
}

// Mark annotates every container with key, as containers a plugin marked when it handled them.
func (s State) Mark(key string) {
	for _, c := range s.Containers {
		if c.Annotations == nil {
			c.Annotations = map[string]string{}
		}
		c.Annotations[key] = "earlier-instance"
	}
}

// Bytes is the encoded size of the state, to show the runtime must split it (4 MiB frames).
func (s State) Bytes() int {
	return proto.Size(&api.SynchronizeRequest{Pods: s.Pods, Containers: s.Containers})
}

// Sync spawns kind against a runtime holding state and measures its synchronization. The
// request timeout is raised to 30 s so that a slow plugin yields a figure instead of a drop.
func Sync(kind Kind, state State, out string, round int) (SyncResult, error) {
	res := SyncResult{Kind: kind.Name}
	opts := harness.RuntimeOptions{Pods: state.Pods, Containers: state.Containers, RequestTimeout: 30 * time.Second}
	s, err := spawn(kind, opts, logFile(out, kind.Name, "sync", round), 120*time.Second)
	if err != nil {
		return res, err
	}
	defer s.close()
	res.Spawned, res.Took = s.Spawned, s.SyncTook
	res.Memory, err = memory(s.pid())
	return res, err
}
