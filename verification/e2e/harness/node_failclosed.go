package harness

import (
	"fmt"
	"strings"
	"time"

	cri "k8s.io/cri-api/pkg/apis/runtime/v1"
)

const (
	// requiredPlugin is the chart's default plugin.name: the default validator requires it by
	// its name, without the index.
	requiredPlugin = "spring-hello"
	// tolerateAnnotation is the chart's default plugin.tolerateMissingPluginsAnnotation.
	tolerateAnnotation = "tolerate-missing-nri-plugins.noderesource.dev"
	// validatorReason is what the default validator says of a container the plugin did not see.
	validatorReason = `required plugin "` + requiredPlugin + `" not present`
	refusedPod      = "fail-closed"
)

// failClosed: with containerd's default validator requiring the plugin and the chart installed
// with plugin.required=true, no container is created without the plugin's adjustment.
func (r *nodeRun) failClosed(t *T) {
	var (
		since    time.Time // when containerd started with the validator
		attempts int
		message  string
		started  bool
		adjusted bool
	)
	t.Run("should take the plugin away: helm uninstall", r.uninstall)
	t.Run("should restart containerd with the default validator requiring the plugin", func(t *T) {
		r.n.C.Stop(stopTimeout)
		r.n.C.RequiredPlugins, r.n.C.TolerateAnnotation = []string{requiredPlugin}, tolerateAnnotation
		if err := r.n.C.WriteConfig(); err != nil {
			t.Fatalf("%v", err)
		}
		since = time.Now()
		if err := r.n.C.Start(startTimeout); err != nil {
			t.Fatalf("%v", err)
		}
		if err := r.n.AwaitNodeReady(readyTimeout); err != nil {
			t.Fatalf("%v", err)
		}
	})
	t.Run("should refuse a new pod's container while the plugin is down, with the validator's reason, and retry", func(t *T) {
		if _, err := r.n.KubectlIn(workloadPod(refusedPod), "create", "-f", "-"); err != nil {
			t.Fatalf("%v", err)
		}
		// The kubelet retries the pod's sync after a back-off (10 s on this node): two
		// refusals show that it does.
		err := pollEvery(time.Second, readyTimeout, func() (bool, error) {
			pod := r.pod(t, refusedPod)
			for _, c := range pod.Status.ContainerStatuses {
				if c.State.Running != nil {
					return false, fmt.Errorf("container %s runs without the plugin", c.Name)
				}
				if w := c.State.Waiting; w != nil && w.Reason == "CreateContainerError" {
					message = w.Message
				}
			}
			attempts = r.n.failedCreations(pod.Metadata.UID)
			return attempts >= 2, nil
		})
		if err != nil {
			t.Fatalf("%v (attempts: %d, last message %q; events: %s)", err, attempts, message,
				r.n.warnings(r.pod(t, refusedPod).Metadata.UID))
		}
		if !strings.Contains(message, validatorReason) {
			t.Fatalf("CreateContainerError %q, want the validator's reason %q", message, validatorReason)
		}
		t.Logf("%d attempts refused: %s", attempts, message)
	})
	t.Run("should start the plugin's own pod despite the validator: helm install plugin.required=true", func(t *T) {
		args := append([]string{"install", helmRelease, r.s.Chart, "--set", "plugin.required=true",
			"--set", "plugin.tolerateMissingPluginsAnnotation=" + tolerateAnnotation}, r.values(r.tag)...)
		if _, err := r.helm.Run(args...); err != nil {
			t.Fatalf("%v", err)
		}
		p := r.pod(t, r.plugin(t).Name)
		if ready, _ := p.ready(); !ready {
			t.Fatalf("helm returned with pod %s not Ready", p.Metadata.Name)
		}
		started = true
	})
	t.Run("should warn at Configure that this containerd's NRI has no failure policy", func(t *T) {
		p := r.plugin(t)
		lines := linesWith(containerLog("default", p.Name, p.UID, "plugin"), "is required, but containerd")
		if len(lines) == 0 {
			t.Fatalf("no warning that the runtime lacks part of the recipe")
		}
		t.Logf("%s", lines[0].Text)
	})
	t.Run("should run the refused pod once the plugin is up, its container adjusted", func(t *T) {
		var pod kubePod
		err := pollEvery(time.Second, readyTimeout, func() (bool, error) {
			pod = *r.pod(t, refusedPod)
			return len(pod.Status.ContainerStatuses) > 0 && pod.Status.ContainerStatuses[0].State.Running != nil, nil
		})
		if err != nil {
			t.Fatalf("pod %s: %v", refusedPod, err)
		}
		if err := r.n.checkGreeted(&pod, refusedPod); err != nil {
			t.Fatalf("%v", err)
		}
		adjusted = true
	})
	t.Run("should have created no workload container without the plugin's adjustment", func(t *T) {
		created, unadjusted, err := r.n.unadjustedSince(since)
		if err != nil {
			t.Fatalf("%v", err)
		}
		if created == 0 || len(unadjusted) > 0 {
			t.Fatalf("%d workload containers created since the validator, unadjusted: %v", created, unadjusted)
		}
		// Every refusal until the plugin was up, not only the two waited for.
		attempts = r.n.failedCreations(r.pod(t, refusedPod).Metadata.UID)
		// The reason as the kubelet reported it, after the validator's name.
		reason := message[strings.LastIndex(message, "reason: ")+len("reason: "):]
		fmt.Printf("fail-closed: refused while down: %d attempts (validator reason: %s), plugin pod started: %s,"+
			" adjusted after up: %s, unadjusted: %d\n", attempts, reason, yes(started), yes(adjusted),
			len(unadjusted))
	})
}

// failedCreations counts the kubelet's attempts to create a pod's container that failed: the
// Warning events "Failed", each with its repeat count.
func (n *Node) failedCreations(uid string) int {
	var events struct {
		Items []struct {
			Reason, Message string
			Count           int
		}
	}
	if err := n.KubectlJSON(&events, "get", "events", "-n", "default",
		"--field-selector", "type=Warning,reason=Failed,involvedObject.uid="+uid); err != nil {
		return 0
	}
	attempts := 0
	for _, e := range events.Items {
		if strings.Contains(e.Message, validatorReason) {
			attempts += max(e.Count, 1)
		}
	}
	return attempts
}

// unadjustedSince checks every workload container (not the plugin's) created since then: the
// plugin's greeting must be in its spec.
func (n *Node) unadjustedSince(since time.Time) (int, []string, error) {
	cx, cancel := ctx(30 * time.Second)
	defer cancel()
	rsp, err := n.C.RT.ListContainers(cx, &cri.ListContainersRequest{})
	if err != nil {
		return 0, nil, err
	}
	created, unadjusted := 0, []string{}
	for _, c := range rsp.Containers {
		if c.Labels["io.kubernetes.container.name"] == "plugin" || time.Unix(0, c.CreatedAt).Before(since) {
			continue
		}
		created++
		pod := c.Labels["io.kubernetes.pod.name"]
		spec, err := n.C.Spec(c.Id)
		if err != nil {
			return created, unadjusted, err
		}
		if !contains(spec.Process.Env, "GREETING="+pod) {
			unadjusted = append(unadjusted, pod+"/"+c.Metadata.Name)
		}
	}
	return created, unadjusted, nil
}

func contains(list []string, s string) bool {
	for _, e := range list {
		if e == s {
			return true
		}
	}
	return false
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
