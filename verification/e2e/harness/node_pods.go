package harness

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// kubePod is the part of a Kubernetes Pod the node cases read.
type kubePod struct {
	Metadata struct {
		Name              string
		Namespace         string
		UID               string
		DeletionTimestamp *time.Time
	}
	Spec struct {
		Containers []struct{ Name, Image string }
	}
	Status struct {
		Phase      string
		PodIP      string
		Conditions []struct {
			Type               string
			Status             string
			LastTransitionTime time.Time
		}
		ContainerStatuses []struct {
			Name         string
			ContainerID  string
			RestartCount int
			Ready        bool
			State        struct {
				Waiting *struct{ Reason, Message string }
				Running *struct{ StartedAt time.Time }
			}
		}
	}
}

func (p *kubePod) ready() (bool, time.Time) {
	for _, c := range p.Status.Conditions {
		if c.Type == "Ready" {
			return c.Status == "True", c.LastTransitionTime
		}
	}
	return false, time.Time{}
}

// containerID is the CRI id of the pod's first container, once it has one.
func (p *kubePod) containerID() string {
	if len(p.Status.ContainerStatuses) == 0 {
		return ""
	}
	return strings.TrimPrefix(p.Status.ContainerStatuses[0].ContainerID, "containerd://")
}

// logLine is one line of a container's log file, with the time the runtime wrote it.
type logLine struct {
	At   time.Time
	Text string
}

// containerLog reads a pod's container log files from /var/log/pods (CRI format: time,
// stream, tag, text), all restarts included.
func containerLog(namespace, pod, uid, container string) []logLine {
	files, _ := filepath.Glob(filepath.Join("/var/log/pods", namespace+"_"+pod+"_"+uid, container, "*.log"))
	sort.Strings(files)
	var lines []logLine
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, l := range strings.Split(string(data), "\n") {
			parts := strings.SplitN(l, " ", 4)
			if len(parts) < 4 {
				continue
			}
			at, err := time.Parse(time.RFC3339Nano, parts[0])
			if err != nil {
				continue
			}
			lines = append(lines, logLine{At: at, Text: parts[3]})
		}
	}
	return lines
}

func linesWith(lines []logLine, s string) []logLine {
	var found []logLine
	for _, l := range lines {
		if strings.Contains(l.Text, s) {
			found = append(found, l)
		}
	}
	return found
}

// readyEvent is a pod turning Ready, as a watch saw it, with the plugin's log at that moment.
type readyEvent struct {
	Seen       time.Time // when the watch delivered it
	Transition time.Time // the condition's lastTransitionTime (whole seconds)
	Registered []logLine
	Synced     []logLine
}

// podHistory is what a watch saw of one plugin pod.
type podHistory struct {
	Name, UID, IP string
	Created       time.Time
	Ready         []readyEvent
	Unready       []time.Time // Ready turned False after being True
	Deleted       time.Time
	ready         bool
}

// podWatch follows the plugin's pods with `kubectl get --watch`, reading the plugin's log the
// moment a pod turns Ready.
type podWatch struct {
	mu      sync.Mutex
	pods    map[string]*podHistory
	order   []string
	cmd     *exec.Cmd
	stopped chan struct{}
	err     error
}

// watchPods starts a watch on the pods of namespace matching selector; container is the
// plugin's container, whose log is read at each Ready transition for the lines of plugin
// (its full name, e.g. 60-spring-hello).
func (n *Node) watchPods(namespace, selector, container, plugin string) (*podWatch, error) {
	w := &podWatch{pods: map[string]*podHistory{}, stopped: make(chan struct{})}
	w.cmd = exec.Command(filepath.Join(n.KubeBin, "kubectl"), "--kubeconfig="+n.Kubeconfig, "get", "pods",
		"-n", namespace, "-l", selector, "--watch", "--output-watch-events", "-o", "json")
	out, err := w.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := w.cmd.Start(); err != nil {
		return nil, err
	}
	go func() {
		defer close(w.stopped)
		dec := json.NewDecoder(bufio.NewReader(out))
		for {
			var ev struct {
				Type   string
				Object kubePod
			}
			if err := dec.Decode(&ev); err != nil {
				w.mu.Lock()
				w.err = err
				w.mu.Unlock()
				w.cmd.Wait()
				return
			}
			w.record(ev.Type, &ev.Object, container, plugin)
		}
	}()
	return w, nil
}

func (w *podWatch) record(kind string, p *kubePod, container, plugin string) {
	now := time.Now()
	w.mu.Lock()
	defer w.mu.Unlock()
	h := w.pods[p.Metadata.UID]
	if h == nil {
		h = &podHistory{Name: p.Metadata.Name, UID: p.Metadata.UID, Created: now}
		w.pods[p.Metadata.UID] = h
		w.order = append(w.order, p.Metadata.UID)
	}
	if p.Status.PodIP != "" {
		h.IP = p.Status.PodIP
	}
	if kind == "DELETED" {
		h.Deleted = now
		return
	}
	ready, at := p.ready()
	switch {
	case ready && !h.ready:
		lines := containerLog(p.Metadata.Namespace, p.Metadata.Name, p.Metadata.UID, container)
		h.Ready = append(h.Ready, readyEvent{Seen: now, Transition: at,
			Registered: linesWith(lines, "plugin "+plugin+" registered"),
			Synced:     linesWith(lines, "plugin "+plugin+" synchronized:")})
	case !ready && h.ready:
		h.Unready = append(h.Unready, now)
	}
	h.ready = ready
}

// snapshot is a copy of every pod's history, in the order they appeared.
func (w *podWatch) snapshot() []podHistory {
	w.mu.Lock()
	defer w.mu.Unlock()
	var all []podHistory
	for _, uid := range w.order {
		h := *w.pods[uid]
		h.Ready = append([]readyEvent(nil), h.Ready...)
		h.Unready = append([]time.Time(nil), h.Unready...)
		all = append(all, h)
	}
	return all
}

// await waits until cond holds for the histories seen so far.
func (w *podWatch) await(timeout time.Duration, what string, cond func([]podHistory) bool) ([]podHistory, error) {
	var pods []podHistory
	err := poll(timeout, func() (bool, error) {
		select {
		case <-w.stopped:
			return false, fmt.Errorf("the pod watch ended: %v", w.err)
		default:
		}
		pods = w.snapshot()
		return cond(pods), nil
	})
	if err != nil {
		return pods, fmt.Errorf("%s: %w; pods seen: %s", what, err, describe(pods))
	}
	return pods, nil
}

func (w *podWatch) stop() {
	w.cmd.Process.Kill()
	<-w.stopped
}

func describe(pods []podHistory) string {
	var parts []string
	for _, p := range pods {
		s := fmt.Sprintf("%s (ready %d times, unready %d times", p.Name, len(p.Ready), len(p.Unready))
		if !p.Deleted.IsZero() {
			s += ", deleted"
		}
		parts = append(parts, s+")")
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// checkReadyAfterSync verifies that at each time the watch saw the pod turn Ready, the plugin
// had logged its registration and one synchronization more than at the previous time.
func checkReadyAfterSync(h podHistory) error {
	if len(h.Ready) == 0 {
		return fmt.Errorf("pod %s never turned Ready", h.Name)
	}
	for i, r := range h.Ready {
		if len(r.Registered) <= i || len(r.Synced) <= i {
			return fmt.Errorf("pod %s turned Ready (time %d, at %s) after %d registrations and %d synchronizations in its log",
				h.Name, i+1, r.Transition.Format(time.RFC3339), len(r.Registered), len(r.Synced))
		}
		// The condition's time has whole seconds: the synchronization may be up to one later.
		if sync := r.Synced[i].At; r.Transition.Add(time.Second).Before(sync) {
			return fmt.Errorf("pod %s Ready at %s, before the plugin synchronized at %s", h.Name,
				r.Transition.Format(time.RFC3339), sync.Format(time.RFC3339Nano))
		}
	}
	return nil
}
