package harness

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// NodeName, NodeIP and PodSubnet describe the single node: it lives in a private network
// namespace (see cmd/helm-e2e), so these addresses never meet the host's.
const (
	NodeName  = "nri4j-node"
	NodeIP    = "10.213.0.1"
	PodSubnet = "10.214.0.0/24"
	nodeNRI   = "/var/run/nri/nri.sock" // the chart's default socket directory
)

// Node is a single-node Kubernetes cluster on a containerd of the harness: etcd, the
// control plane and a kubelet, every file under Dir.
type Node struct {
	Dir        string
	C          *Containerd
	KubeBin    string // kube-apiserver, kube-controller-manager, kube-scheduler, kubelet, kubectl
	Etcd       string
	Kubeconfig string
	CgroupRoot string

	pki       *pki
	daemons   []*daemon // control plane, started in this order
	kubelet   *daemon
	apiserver string
}

// NewNode lays out a node on containerd c: its NRI socket moves to where the chart looks by
// default, and its CNI configuration is a bridge for the pods.
func NewNode(dir string, c *Containerd, kubeBin, etcd string) (*Node, error) {
	n := &Node{Dir: dir, C: c, KubeBin: kubeBin, Etcd: etcd,
		Kubeconfig: filepath.Join(dir, "admin.kubeconfig"), CgroupRoot: c.CgroupParent}
	c.NRISocket = nodeNRI
	if err := os.MkdirAll(filepath.Dir(nodeNRI), 0o700); err != nil {
		return nil, err
	}
	if err := c.WriteConfig(); err != nil {
		return nil, err
	}
	cni := fmt.Sprintf(`{"cniVersion": "1.0.0", "name": "nri4j-node", "plugins": [{"type": "bridge",
  "bridge": "nri4jbr0", "isGateway": true, "ipMasq": false, "hairpinMode": true,
  "ipam": {"type": "host-local", "ranges": [[{"subnet": %q}]], "routes": [{"dst": "0.0.0.0/0"}]}}]}
`, PodSubnet)
	if err := os.WriteFile(filepath.Join(c.Dir, "cni", "10-bridge.conflist"), []byte(cni), 0o644); err != nil {
		return nil, err
	}
	return n, nil
}

// Start starts etcd, the control plane and the kubelet (containerd must run), and waits until
// the node is Ready.
func (n *Node) Start(timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	left := func() time.Duration { return time.Until(deadline) }
	if err := n.writePKI(); err != nil {
		return fmt.Errorf("certificates: %w", err)
	}
	ports, err := freePorts(5)
	if err != nil {
		return err
	}
	etcdURL := fmt.Sprintf("http://127.0.0.1:%d", ports[0])
	peerURL := fmt.Sprintf("http://127.0.0.1:%d", ports[1])
	n.apiserver = fmt.Sprintf("https://127.0.0.1:%d", ports[2])
	if err := n.pki.kubeconfig(n.Kubeconfig, "admin", n.apiserver); err != nil {
		return err
	}
	etcd, err := n.start("etcd", n.Etcd, "--name=node", "--data-dir="+filepath.Join(n.Dir, "etcd"),
		"--listen-client-urls="+etcdURL, "--advertise-client-urls="+etcdURL,
		"--listen-peer-urls="+peerURL, "--initial-advertise-peer-urls="+peerURL,
		"--initial-cluster=node="+peerURL, "--listen-metrics-urls=", "--log-level=warn")
	if err != nil {
		return err
	}
	if err := etcd.await(left(), func() error { return httpGet(etcdURL + "/health") }); err != nil {
		return err
	}
	p := n.pki.path
	api, err := n.start("kube-apiserver", filepath.Join(n.KubeBin, "kube-apiserver"),
		"--etcd-servers="+etcdURL, "--bind-address=127.0.0.1", "--advertise-address=127.0.0.1",
		fmt.Sprintf("--secure-port=%d", ports[2]), "--cert-dir="+filepath.Join(n.Dir, "apiserver"),
		"--tls-cert-file="+p("apiserver.crt"), "--tls-private-key-file="+p("apiserver.key"),
		"--client-ca-file="+p("ca.crt"), "--kubelet-client-certificate="+p("admin.crt"),
		"--kubelet-client-key="+p("admin.key"),
		"--service-account-key-file="+p("sa.pub"), "--service-account-signing-key-file="+p("sa.key"),
		"--service-account-issuer=https://kubernetes.default.svc", "--service-cluster-ip-range=10.215.0.0/24",
		"--authorization-mode=Node,RBAC", "--endpoint-reconciler-type=none",
		"--kubelet-preferred-address-types=Hostname,InternalIP")
	if err != nil {
		return err
	}
	if err := api.await(left(), func() error { _, err := n.Kubectl("get", "--raw", "/readyz"); return err }); err != nil {
		return err
	}
	if _, err := n.start("kube-controller-manager", filepath.Join(n.KubeBin, "kube-controller-manager"),
		"--kubeconfig="+n.Kubeconfig, "--leader-elect=false", "--bind-address=127.0.0.1",
		fmt.Sprintf("--secure-port=%d", ports[3]), "--service-account-private-key-file="+p("sa.key"), "--root-ca-file="+p("ca.crt"),
		"--use-service-account-credentials=false", "--controllers=*,-nodeipam"); err != nil {
		return err
	}
	if _, err := n.start("kube-scheduler", filepath.Join(n.KubeBin, "kube-scheduler"),
		"--kubeconfig="+n.Kubeconfig, "--leader-elect=false", "--bind-address=127.0.0.1",
		fmt.Sprintf("--secure-port=%d", ports[4])); err != nil {
		return err
	}
	if err := n.StartKubelet(); err != nil {
		return err
	}
	return n.AwaitNodeReady(left())
}

func (n *Node) start(name, binary string, args ...string) (*daemon, error) {
	d, err := startDaemon(n.Dir, name, binary, args...)
	if err != nil {
		return nil, err
	}
	n.daemons = append(n.daemons, d)
	return d, nil
}

func (n *Node) writePKI() error {
	var err error
	if n.pki, err = newPKI(filepath.Join(n.Dir, "pki")); err != nil {
		return err
	}
	steps := []func() error{
		func() error {
			return n.pki.issue("apiserver", "kube-apiserver", nil, "127.0.0.1", "localhost", "kubernetes",
				"kubernetes.default", "kubernetes.default.svc", "10.215.0.1")
		},
		// One administrator identity for kubectl, helm, the controller manager and the scheduler.
		func() error { return n.pki.issue("admin", "nri4j-admin", []string{"system:masters"}) },
		func() error { return n.pki.issue("kubelet", "system:node:"+NodeName, []string{"system:nodes"}) },
		n.pki.serviceAccountKey,
	}
	for _, s := range steps {
		if err := s(); err != nil {
			return err
		}
	}
	return nil
}

// StartKubelet starts the kubelet on containerd's CRI socket: cgroupfs under CgroupRoot, the
// pods' log files under /var/log/pods (a tmpfs of the namespace).
func (n *Node) StartKubelet() error {
	for _, root := range cgroupRoots() {
		if err := os.MkdirAll(filepath.Join(root, n.CgroupRoot), 0o755); err != nil {
			return fmt.Errorf("cgroup root: %w", err)
		}
	}
	kubeconfig := filepath.Join(n.Dir, "kubelet.kubeconfig")
	if err := n.pki.kubeconfig(kubeconfig, "kubelet", n.apiserver); err != nil {
		return err
	}
	ports, err := freePorts(2)
	if err != nil {
		return err
	}
	config := fmt.Sprintf(`apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
address: %s
port: %d
readOnlyPort: 0
healthzBindAddress: 127.0.0.1
healthzPort: %d
authentication:
  anonymous: {enabled: false}
  webhook: {enabled: false}
  x509: {clientCAFile: %q}
authorization: {mode: AlwaysAllow}
containerRuntimeEndpoint: unix://%s
cgroupDriver: cgroupfs
cgroupRoot: %s
failSwapOn: false
oomScoreAdj: 0
makeIPTablesUtilChains: false
serializeImagePulls: false
evictionHard: {memory.available: "50Mi", nodefs.available: "1%%", imagefs.available: "1%%", nodefs.inodesFree: "1%%"}
imageGCHighThresholdPercent: 100
imageGCLowThresholdPercent: 99
nodeStatusUpdateFrequency: 2s
syncFrequency: 10s
fileCheckFrequency: 10s
`, NodeIP, ports[0], ports[1], n.pki.path("ca.crt"), n.C.Socket, n.CgroupRoot)
	configFile := filepath.Join(n.Dir, "kubelet.yaml")
	if err := os.WriteFile(configFile, []byte(config), 0o644); err != nil {
		return err
	}
	n.kubelet, err = startDaemon(n.Dir, "kubelet", filepath.Join(n.KubeBin, "kubelet"),
		"--config="+configFile, "--kubeconfig="+kubeconfig, "--root-dir="+filepath.Join(n.Dir, "kubelet"),
		"--hostname-override="+NodeName, "--node-ip="+NodeIP, "--v=1")
	return err
}

// AwaitNodeReady waits until the node reports Ready.
func (n *Node) AwaitNodeReady(timeout time.Duration) error {
	check := func() error {
		out, err := n.Kubectl("get", "node", NodeName, "-o", "jsonpath={.status.conditions[?(@.type==\"Ready\")].status}")
		if err != nil {
			return err
		}
		if strings.TrimSpace(out) != "True" {
			return fmt.Errorf("node Ready=%q", out)
		}
		return nil
	}
	if n.kubelet == nil {
		return fmt.Errorf("no kubelet")
	}
	return n.kubelet.await(timeout, check)
}

// Kubectl runs kubectl as the administrator and returns its stdout.
func (n *Node) Kubectl(args ...string) (string, error) {
	return n.KubectlIn(nil, args...)
}

// KubectlIn runs kubectl with stdin.
func (n *Node) KubectlIn(stdin []byte, args ...string) (string, error) {
	var stdout, stderr bytes.Buffer
	cmd := exec.Command(filepath.Join(n.KubeBin, "kubectl"), append([]string{"--kubeconfig=" + n.Kubeconfig}, args...)...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	if err := cmd.Run(); err != nil {
		return stdout.String(), fmt.Errorf("kubectl %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return stdout.String(), nil
}

// KubectlJSON runs kubectl with -o json and decodes its output into v.
func (n *Node) KubectlJSON(v any, args ...string) error {
	out, err := n.Kubectl(append(args, "-o", "json")...)
	if err != nil {
		return err
	}
	return json.Unmarshal([]byte(out), v)
}

// Stop stops the kubelet, removes every pod, stops containerd, the control plane and etcd,
// kills what is left, unmounts what the kubelet mounted and removes the cgroups.
func (n *Node) Stop() {
	if n.kubelet != nil {
		n.kubelet.stop(stopTimeout)
	}
	n.C.RemoveAllPods()
	n.C.Stop(stopTimeout)
	n.C.Close()
	for i := len(n.daemons) - 1; i >= 0; i-- {
		n.daemons[i].stop(stopTimeout)
	}
	KillOrphans()
	unmountUnder(n.Dir)
	for _, root := range cgroupRoots() {
		removeCgroupTree(filepath.Join(root, n.CgroupRoot))
	}
}

// Logs is the end of every daemon's log, for failure messages.
func (n *Node) Logs(lines int) string {
	var b strings.Builder
	for _, d := range append(append([]*daemon{}, n.daemons...), n.kubelet) {
		if d != nil {
			fmt.Fprintf(&b, "--- %s:\n%s\n", d.name, d.logTail(lines))
		}
	}
	fmt.Fprintf(&b, "--- containerd:\n%s\n", n.C.LogTail(lines))
	return b.String()
}

func freePorts(count int) ([]int, error) {
	var ports []int
	for len(ports) < count {
		p, err := freePort()
		if err != nil {
			return nil, err
		}
		dup := false
		for _, q := range ports {
			dup = dup || q == p
		}
		if !dup {
			ports = append(ports, p)
		}
	}
	return ports, nil
}
