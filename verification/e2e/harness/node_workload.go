package harness

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	cri "k8s.io/cri-api/pkg/apis/runtime/v1"
)

// Helm runs a helm binary against the node, its configuration and caches in a directory of
// its own.
type Helm struct {
	Binary string
	Home   string
	Node   *Node
}

func (h Helm) Run(args ...string) (string, error) {
	cmd := exec.Command(h.Binary, args...)
	cmd.Env = append(os.Environ(), "KUBECONFIG="+h.Node.Kubeconfig,
		"HELM_CACHE_HOME="+filepath.Join(h.Home, "cache"), "HELM_CONFIG_HOME="+filepath.Join(h.Home, "config"),
		"HELM_DATA_HOME="+filepath.Join(h.Home, "data"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		return string(out), fmt.Errorf("helm %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(string(out)))
	}
	return string(out), nil
}

// workloadPod is a pod of the test image that sleeps, with a greeting for the plugin.
func workloadPod(name string) []byte {
	return []byte(fmt.Sprintf(`apiVersion: v1
kind: Pod
metadata:
  name: %[1]s
  namespace: default
  labels: {app: nri4j-workload}
  annotations: {greeting.nri4j.io: %[1]s}
spec:
  automountServiceAccountToken: false
  enableServiceLinks: false
  # No cluster DNS on this node: the kubelet warns (MissingClusterDNS) about ClusterFirst.
  dnsPolicy: Default
  terminationGracePeriodSeconds: 1
  containers:
    - name: app
      image: %[2]s
      imagePullPolicy: Never
      command: ["/bin/sleep", "3600"]
`, name, TestImage))
}

// failedReasons are waiting reasons of a container the kubelet could not create or start.
var failedReasons = map[string]bool{"CreateContainerError": true, "CreateContainerConfigError": true,
	"RunContainerError": true, "ErrImageNeverPull": true, "CrashLoopBackOff": true, "InvalidImageName": true}

// RunWorkload creates a workload pod through the API server and waits until its container
// runs; it fails on any sign that a creation failed on the way (a failed container state, a
// restart, a Warning event such as FailedCreatePodSandBox), even one the kubelet retried.
func (n *Node) RunWorkload(name string, timeout time.Duration) (*kubePod, error) {
	if _, err := n.KubectlIn(workloadPod(name), "create", "-f", "-"); err != nil {
		return nil, err
	}
	var pod kubePod
	// Every half second: two clients polling faster would keep a core busy with kubectl.
	err := pollEvery(500*time.Millisecond, timeout, func() (bool, error) {
		pod = kubePod{}
		if err := n.KubectlJSON(&pod, "get", "pod", "-n", "default", name); err != nil {
			return false, nil
		}
		if pod.Status.Phase == "Failed" {
			return false, fmt.Errorf("pod %s failed", name)
		}
		for _, c := range pod.Status.ContainerStatuses {
			if w := c.State.Waiting; w != nil && failedReasons[w.Reason] {
				return false, fmt.Errorf("container %s: %s: %s", c.Name, w.Reason, w.Message)
			}
			if c.RestartCount > 0 {
				return false, fmt.Errorf("container %s restarted %d times", c.Name, c.RestartCount)
			}
		}
		return len(pod.Status.ContainerStatuses) > 0 && pod.Status.ContainerStatuses[0].State.Running != nil, nil
	})
	if err != nil {
		return &pod, fmt.Errorf("pod %s: %w", name, err)
	}
	if warnings := n.warnings(pod.Metadata.UID); warnings != "" {
		return &pod, fmt.Errorf("pod %s runs, but on the way: %s", name, warnings)
	}
	return &pod, nil
}

// warnings lists the Warning events of an object.
func (n *Node) warnings(uid string) string {
	var events struct {
		Items []struct{ Reason, Message string }
	}
	if err := n.KubectlJSON(&events, "get", "events", "-n", "default",
		"--field-selector", "type=Warning,involvedObject.uid="+uid); err != nil {
		return err.Error()
	}
	var parts []string
	for _, e := range events.Items {
		parts = append(parts, e.Reason+": "+e.Message)
	}
	return strings.Join(parts, "; ")
}

// checkGreeted verifies that the plugin adjusted the pod's container: the greeting of its
// annotation is in the OCI spec's env and annotations.
func (n *Node) checkGreeted(pod *kubePod, greeting string) error {
	id := pod.containerID()
	spec, err := n.C.Spec(id)
	if err != nil {
		return fmt.Errorf("pod %s: %w", pod.Metadata.Name, err)
	}
	want := "GREETING=" + greeting
	found := false
	for _, e := range spec.Process.Env {
		found = found || e == want
	}
	if !found {
		return fmt.Errorf("pod %s: no %s in the container's env %v", pod.Metadata.Name, want, spec.Process.Env)
	}
	if got, want := spec.Annotations["hello.nri4j.io/greeting"], greeting+", app"; got != want {
		return fmt.Errorf("pod %s: annotation hello.nri4j.io/greeting %q, want %q", pod.Metadata.Name, got, want)
	}
	return nil
}

// containerCreated is when the runtime created a container.
func (n *Node) containerCreated(id string) (time.Time, error) {
	cx, cancel := ctx(30 * time.Second)
	defer cancel()
	rsp, err := n.C.RT.ContainerStatus(cx, &cri.ContainerStatusRequest{ContainerId: id})
	if err != nil {
		return time.Time{}, err
	}
	return time.Unix(0, rsp.Status.CreatedAt), nil
}

// readiness asks the plugin's actuator for its readiness, as the kubelet's probe does.
func readiness(podIP string, port int) string {
	c := http.Client{Timeout: 3 * time.Second}
	rsp, err := c.Get(fmt.Sprintf("http://%s:%d/actuator/health/readiness", podIP, port))
	if err != nil {
		return err.Error()
	}
	defer rsp.Body.Close()
	var body struct{ Status string }
	if err := json.NewDecoder(rsp.Body).Decode(&body); err != nil {
		return fmt.Sprintf("HTTP %d: %v", rsp.StatusCode, err)
	}
	return body.Status
}

// pollEvery calls f every interval until it reports done or an error, or until timeout.
func pollEvery(interval, timeout time.Duration, f func() (bool, error)) error {
	deadline := time.Now().Add(timeout)
	for {
		ok, err := f()
		if err != nil {
			return err
		}
		if ok {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("not within %s", timeout)
		}
		time.Sleep(interval)
	}
}
