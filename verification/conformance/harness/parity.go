package harness

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"github.com/containerd/nri/pkg/api"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// ParityCase is one pod, with annotations for the plugin under test, and the container created
// in it. The same table is fed to upstream's Go plugin (to record a Golden) and to our sample.
type ParityCase struct {
	Name        string            `json:"name"`
	Container   string            `json:"container"`
	Annotations map[string]string `json:"annotations"`
}

// Pod and Ctr are the case's pod and container, as a runtime would describe them.
func (c ParityCase) Pod() *api.PodSandbox {
	return &api.PodSandbox{Id: "parity-pod", Name: "parity", Uid: "parity-pod-uid", Namespace: "default",
		Annotations: c.Annotations}
}

func (c ParityCase) Ctr() *api.Container {
	return &api.Container{Id: "parity-" + c.Container, PodSandboxId: "parity-pod", Name: c.Container,
		State: api.ContainerState_CONTAINER_CREATED}
}

// Outcome is what the runtime made of one case: the merged response, or the error of a plugin
// that refused the container.
type Outcome struct {
	Case     ParityCase      `json:"case"`
	Refused  bool            `json:"refused"`
	Error    string          `json:"error,omitempty"`
	Response json.RawMessage `json:"response,omitempty"` // CreateContainerResponse, protojson
}

// Golden is upstream's plugin's outcomes for a table, and where they came from.
type Golden struct {
	Plugin   string `json:"plugin"`
	Upstream string `json:"upstream"` // the plugin's source and the library it was built with
	Library  string `json:"library"`  // the runtime library that merged the responses
	// BuildInfo is the recorded plugin binary's Go build info, one line per entry as
	// `go version -m` prints it: its package, Go version, each dependency with its hash, and
	// the build settings (CheckProvenance).
	BuildInfo []string `json:"buildInfo,omitempty"`
	// ProvenanceGap says why a recording has no BuildInfo; it has one or the other.
	ProvenanceGap string    `json:"provenanceGap,omitempty"`
	Outcomes      []Outcome `json:"outcomes"`
}

// GoldenPath is where the plugin's golden outcomes live under dir.
func GoldenPath(dir, plugin string) string {
	return filepath.Join(dir, plugin+".json")
}

// ReadGolden reads a plugin's golden outcomes.
func ReadGolden(path string) (*Golden, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var g Golden
	if err := json.Unmarshal(data, &g); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &g, nil
}

// Write stores the golden outcomes, indented with sorted keys so that a re-recording diffs
// only where an outcome changed.
func (g *Golden) Write(path string) error {
	data, err := json.Marshal(g)
	if err != nil {
		return err
	}
	var canonical interface{}
	if err := json.Unmarshal(data, &canonical); err != nil {
		return err
	}
	data, err = json.MarshalIndent(canonical, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// Create runs a case's CreateContainer on rt and returns its outcome.
func (c ParityCase) Create(rt *Runtime) Outcome {
	rsp, err := rt.CreateContainer(c.Pod(), c.Ctr())
	if err != nil {
		return Outcome{Case: c, Refused: true, Error: err.Error()}
	}
	data, err := protojson.Marshal(rsp)
	if err != nil {
		return Outcome{Case: c, Refused: true, Error: "cannot encode the response: " + err.Error()}
	}
	return Outcome{Case: c, Response: data}
}

// Response decodes the outcome's merged response.
func (o Outcome) Decode() (*api.CreateContainerResponse, error) {
	rsp := &api.CreateContainerResponse{}
	if len(o.Response) == 0 {
		return rsp, nil
	}
	return rsp, protojson.Unmarshal(o.Response, rsp)
}

// StartCommand starts an external plugin process, argv[0] first, with "{socket}" in its
// arguments replaced by rt's socket; it is killed when t ends, and its output shown if t failed.
func (h *Harness) StartCommand(t *T, rt *Runtime, name string, argv []string) *Plugin {
	args := make([]string, len(argv))
	for i, a := range argv {
		args[i] = strings.ReplaceAll(a, "{socket}", rt.Socket)
	}
	return h.startProcess(t, name, exec.Command(args[0], args[1:]...))
}

// ParseJars reads "name=jar,name=jar".
func ParseJars(spec string) map[string]string {
	jars := map[string]string{}
	for _, entry := range strings.Split(spec, ",") {
		if name, jar, ok := strings.Cut(strings.TrimSpace(entry), "="); ok {
			jars[name] = jar
		}
	}
	return jars
}

// ParityStartup is how long a plugin process may take to register and synchronize: a Spring
// Boot jar on a loaded machine takes several seconds.
const ParityStartup = 90 * time.Second

// DiffGolden lists where a new recording differs from a golden file: the library that merged
// the answers, and each case's outcome (responses compared as messages, not as text).
func DiffGolden(recorded, now *Golden) []string {
	var diffs []string
	if recorded.Library != now.Library {
		diffs = append(diffs, fmt.Sprintf("library: recorded %s, now %s", recorded.Library, now.Library))
	}
	if len(recorded.Outcomes) != len(now.Outcomes) {
		return append(diffs, fmt.Sprintf("%d cases recorded, %d now", len(recorded.Outcomes), len(now.Outcomes)))
	}
	for i, want := range recorded.Outcomes {
		got := now.Outcomes[i]
		if d := want.diff(got); d != "" {
			diffs = append(diffs, fmt.Sprintf("case %q: %s", want.Case.Name, d))
		}
	}
	return diffs
}

// MarkerPrefix starts the annotation an nri4j plugin adds to every container it handles
// (io.nri4j.stub.Enforcement): bookkeeping of the framework, not the plugin's policy, which is
// what parity compares with upstream's plugin.
const MarkerPrefix = "handled.nri4j.io/"

// withoutMarker drops the marker from a merged response, and the adjustment if nothing else is left.
func withoutMarker(rsp *api.CreateContainerResponse) {
	if rsp == nil || rsp.Adjust == nil {
		return
	}
	for key := range rsp.Adjust.Annotations {
		if strings.HasPrefix(key, MarkerPrefix) {
			delete(rsp.Adjust.Annotations, key)
		}
	}
	if len(rsp.Adjust.Annotations) == 0 {
		rsp.Adjust.Annotations = nil
	}
	if proto.Equal(rsp.Adjust, &api.ContainerAdjustment{}) {
		rsp.Adjust = nil
	}
}

func (o Outcome) diff(got Outcome) string {
	switch {
	case !reflect.DeepEqual(o.Case, got.Case):
		return fmt.Sprintf("the case changed: recorded %+v, now %+v", o.Case, got.Case)
	case o.Refused != got.Refused || o.Error != got.Error:
		return fmt.Sprintf("recorded refused=%t %q, now refused=%t %q", o.Refused, o.Error, got.Refused, got.Error)
	}
	want, err1 := o.Decode()
	have, err2 := got.Decode()
	if err1 != nil || err2 != nil {
		return fmt.Sprintf("a response does not decode: %v, %v", err1, err2)
	}
	withoutMarker(have)
	if !proto.Equal(want, have) {
		return fmt.Sprintf("recorded %s, now %s", protojson.MarshalOptions{}.Format(want), protojson.MarshalOptions{}.Format(have))
	}
	return ""
}
