package harness

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

const (
	// The PodMonitor's interval and the NriPluginNotReady alert's for, through the chart's
	// values: a run of seconds, not of the defaults' 30 s and 5 minutes.
	scrapeInterval = 2 * time.Second
	notReadyFor    = 10 * time.Second
	// The rules' evaluation interval, Prometheus's global evaluation_interval.
	evaluationInterval = 2 * time.Second
	// dashboardRange is $__range: the dashboard's default time range, now-3h.
	dashboardRange = "3h"
	notReadyAlert  = "NriPluginNotReady"
	scrapedPods    = 3
)

// expectedEmpty names the metrics a dashboard query may find no series of on this node, and why.
var expectedEmpty = map[string]string{
	"nri_adjustments_ignored_total": "a series only once the runtime ignored a field of an adjustment; containerd v2.4.2 ignores none",
}

// prometheusRun is a Prometheus server in the node's namespaces, configured from the chart.
type prometheusRun struct {
	d      *daemon
	url    string
	job    string // the job label of the plugin's series: the dashboard's $job
	config []byte // prometheus.yml
}

// promMonitoring renders the chart's PodMonitor and PrometheusRule (which the node, without the
// Prometheus Operator's CRDs, cannot install) with the install's release name and namespace.
func (r *nodeRun) promMonitoring() (*podMonitor, []byte, error) {
	out, err := r.helm.Run("template", helmRelease, r.s.Chart, "--namespace", "default",
		"--kube-version", filepath.Base(filepath.Dir(r.s.KubeBin)),
		"--set", "metrics.podMonitor.enabled=true", "--set", "metrics.podMonitor.interval="+scrapeInterval.String(),
		"--set", "metrics.prometheusRule.enabled=true",
		"--set", "metrics.prometheusRule.alerts.notReady.for="+notReadyFor.String(),
		"--show-only", "templates/podmonitor.yaml", "--show-only", "templates/prometheusrule.yaml")
	if err != nil {
		return nil, nil, err
	}
	docs := manifests(out)
	m, err := decodePodMonitor(docs["PodMonitor"])
	if err != nil {
		return nil, nil, err
	}
	rules, err := ruleFile(docs["PrometheusRule"])
	return m, rules, err
}

// startPrometheus writes Prometheus's configuration (the PodMonitor's scrape job against the
// node's API server, the PrometheusRule's rule file) and starts it on a free port of 127.0.0.1.
func (r *nodeRun) startPrometheus(t *T, dir string) *prometheusRun {
	m, rules, err := r.promMonitoring()
	if err != nil {
		t.Fatalf("%v", err)
	}
	p := r.n.pki.path
	jobs, err := scrapeJobs(m, apiAccess{URL: r.n.apiserver, CAFile: p("ca.crt"), Cert: p("admin.crt"), Key: p("admin.key")})
	if err != nil {
		t.Fatalf("%v", err)
	}
	ruleFile := filepath.Join(dir, "nri-plugin-rules.yaml")
	if err := os.WriteFile(ruleFile, rules, 0o644); err != nil {
		t.Fatalf("%v", err)
	}
	config, err := prometheusConfig(jobs, ruleFile, evaluationInterval.String())
	if err != nil {
		t.Fatalf("%v", err)
	}
	configFile := filepath.Join(dir, "prometheus.yml")
	if err := os.WriteFile(configFile, config, 0o644); err != nil {
		t.Fatalf("%v", err)
	}
	port, err := freePort()
	if err != nil {
		t.Fatalf("%v", err)
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	d, err := startDaemon(dir, "prometheus", r.s.Prometheus, "--config.file="+configFile,
		"--storage.tsdb.path="+filepath.Join(dir, "data"), "--web.listen-address="+addr)
	if err != nil {
		t.Fatalf("%v", err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("prometheus log:\n%s", d.logTail(30))
		}
		d.stop(stopTimeout)
	})
	prom := &prometheusRun{d: d, url: "http://" + addr, job: m.jobLabel(), config: config}
	if err := d.await(time.Minute, func() error { return httpGet(prom.url + "/-/ready") }); err != nil {
		t.Fatalf("%v", err)
	}
	return prom
}

// prometheus: a Prometheus of the Go module proxy scrapes the plugin through the chart's
// PodMonitor, answers the dashboard's queries and fires the chart's NriPluginNotReady while
// containerd is stopped.
func (r *nodeRun) prometheus(t *T) {
	plugin := r.plugin(t)
	prom := r.startPrometheus(t, t.TempDir())
	scraped := t.Run("should scrape the plugin pod, found by the PodMonitor's selector through the API server", func(t *T) {
		var targets []promTarget
		err := pollEvery(time.Second, time.Minute, func() (bool, error) {
			var err error
			targets, err = prom.targets()
			return err == nil && len(targets) == 1 && targets[0].Health == "up", nil
		})
		if err != nil {
			t.Fatalf("not one target up: %v: %+v", err, targets)
		}
		want := map[string]string{"job": prom.job, "node": NodeName, "namespace": "default", "pod": plugin.Name,
			"container": "plugin", "endpoint": "management", "instance": fmt.Sprintf("%s:%d", plugin.IP, pluginPort)}
		for k, v := range want {
			if got := targets[0].Labels[k]; got != v {
				t.Errorf("target label %s=%q, want %q (labels %v)", k, got, v, targets[0].Labels)
			}
		}
		t.Logf("target %s: %v; prometheus.yml:\n%s", targets[0].ScrapeURL, targets[0].Labels, prom.config)
	})
	if !scraped {
		t.Fatalf("the plugin is not scraped: the other cases cannot run")
	}
	t.Run("should load the chart's alerts and evaluate each without error", func(t *T) {
		var rules []promRule
		err := pollEvery(time.Second, time.Minute, func() (bool, error) {
			var err error
			rules, err = prom.rules()
			ok := err == nil && len(rules) > 0
			for _, rule := range rules {
				ok = ok && rule.Health == "ok"
			}
			return ok, nil
		})
		if err != nil {
			t.Fatalf("alert rules not all evaluated without error: %v: %+v", err, rules)
		}
		var names []string
		for _, rule := range rules {
			names = append(names, rule.Name)
		}
		t.Logf("%d alerts: %s", len(rules), strings.Join(names, ", "))
	})
	var answered, empty int
	var queries []string
	t.Run("should answer every dashboard query after pods were created", func(t *T) {
		var err error
		if queries, err = readQueries(r.s.Queries); err != nil {
			t.Fatalf("%v", err)
		}
		creates := `sum(nri_plugin_requests_seconds_count{job="` + prom.job + `", request="CreateContainer"})`
		before, err := prom.scalar(creates)
		if err != nil {
			t.Fatalf("%v", err)
		}
		for i := 1; i <= scrapedPods; i++ {
			name := fmt.Sprintf("scraped-%d", i)
			if _, err := r.n.RunWorkload(name, readyTimeout); err != nil {
				t.Fatalf("%v", err)
			}
			defer r.n.Kubectl("delete", "pod", "-n", "default", name, "--wait=false")
		}
		var after float64
		if err := pollEvery(time.Second, time.Minute, func() (bool, error) {
			after, err = prom.scalar(creates)
			return err == nil && after >= before+scrapedPods, nil
		}); err != nil {
			t.Fatalf("CreateContainer requests %v, then %v after %d pods: %v", before, after, scrapedPods, err)
		}
		t.Logf("%s: %v, then %v after %d pods", creates, before, after, scrapedPods)
		vars, err := prom.variables(prom.job)
		if err != nil {
			t.Fatalf("%v", err)
		}
		// Retried: a rate needs two samples of a series within $__rate_interval.
		var missing []string
		err = pollEvery(time.Second, time.Minute, func() (bool, error) {
			answered, empty, missing = 0, 0, nil
			for _, q := range queries {
				series, err := prom.query(vars.Replace(q))
				if err != nil {
					return false, err
				}
				switch reason := emptyReason(q); {
				case len(series) > 0:
					answered++
				case reason != "":
					answered++
					empty++
				default:
					missing = append(missing, q)
				}
			}
			return len(missing) == 0, nil
		})
		if err != nil {
			t.Fatalf("%d of %d queries answered; no series for:\n%s\n(%v)", answered, len(queries),
				vars.Replace(strings.Join(missing, "\n")), err)
		}
		for _, q := range queries {
			if reason := emptyReason(q); reason != "" {
				series, _ := prom.query(vars.Replace(q))
				t.Logf("%d series, expected none (%s): %s", len(series), reason, q)
			}
		}
	})
	var fired, resolved time.Duration
	var stopped time.Time
	t.Run("should fire "+notReadyAlert+" while containerd is stopped", func(t *T) {
		if a, err := prom.alert(notReadyAlert); err != nil || a != nil {
			t.Fatalf("before containerd stopped: %+v %v", a, err)
		}
		stopped = time.Now()
		r.n.C.Stop(stopTimeout)
		var a *promAlert
		err := pollEvery(500*time.Millisecond, readyTimeout, func() (bool, error) {
			var err error
			a, err = prom.alert(notReadyAlert)
			return err == nil && a != nil && a.State == "firing", nil
		})
		if err != nil {
			t.Fatalf("%s not firing: %v (last: %+v)", notReadyAlert, err, a)
		}
		fired = time.Since(stopped)
		if a.Labels["pod"] != plugin.Name || a.Labels["node"] != NodeName {
			t.Errorf("alert of pod %q on node %q, want %s on %s", a.Labels["pod"], a.Labels["node"], plugin.Name, NodeName)
		}
		// The plugin's own signal, not a failed scrape: its pod runs on without containerd.
		up, err := prom.scalar(`up{job="` + prom.job + `"}`)
		if err != nil || up != 1 {
			t.Errorf("up %v (%v): the alert should come from nri_plugin_connection_state, the target up", up, err)
		}
		t.Logf("firing after %s, value %s (nri_plugin_connection_state), up %v: %v; %s", fired.Round(100*time.Millisecond),
			a.Value, up, a.Labels, a.Annotations["summary"])
	})
	if stopped.IsZero() {
		t.Fatalf("containerd was not stopped")
	}
	started := time.Now()
	if err := r.n.C.Start(startTimeout); err != nil {
		t.Fatalf("%v", err)
	}
	t.Run("should resolve it once containerd is back", func(t *T) {
		err := pollEvery(500*time.Millisecond, readyTimeout, func() (bool, error) {
			a, err := prom.alert(notReadyAlert)
			return err == nil && a == nil, nil
		})
		if err != nil {
			t.Fatalf("%s still active: %v", notReadyAlert, err)
		}
		resolved = time.Since(started)
		// The groups after this one want the plugin's pod Ready again, as after containerd-restart.
		if _, err := r.watch.await(readyTimeout, "plugin pod Ready again", func(pods []podHistory) bool {
			for _, p := range pods {
				if p.UID == plugin.UID {
					return p.ready
				}
			}
			return false
		}); err != nil {
			t.Fatalf("%v", err)
		}
		if err := r.n.AwaitNodeReady(readyTimeout); err != nil {
			t.Fatalf("%v", err)
		}
	})
	if !t.Failed() {
		fmt.Printf("prometheus: %d of %d dashboard queries answered (%d empty as expected), %s fired %.0f s after"+
			" containerd stopped and resolved %.0f s after it started\n", answered, len(queries), empty, notReadyAlert,
			fired.Seconds(), resolved.Seconds())
	}
}

// emptyReason is why a query may find no series, or "".
func emptyReason(query string) string {
	for metric, reason := range expectedEmpty {
		if strings.Contains(query, metric) {
			return reason
		}
	}
	return ""
}

// readQueries reads the dashboard's queries, one a line, # starting a comment.
func readQueries(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var queries []string
	s := bufio.NewScanner(f)
	for s.Scan() {
		if line := strings.TrimSpace(s.Text()); line != "" && !strings.HasPrefix(line, "#") {
			queries = append(queries, line)
		}
	}
	if err := s.Err(); err != nil {
		return nil, err
	}
	if len(queries) == 0 {
		return nil, fmt.Errorf("%s: no queries", path)
	}
	return queries, nil
}

// variables resolves the dashboard's variables as Grafana does: $job and $node from
// label_values(nri_plugin_connection_state, job) and label_values(nri_plugin_connection_state{job="$job"}, node),
// which must offer the PodMonitor's job and this node; $__rate_interval is Grafana's least,
// four scrape intervals; $__range the dashboard's default time range.
func (p *prometheusRun) variables(job string) (*strings.Replacer, error) {
	jobs, err := p.labelValues("job", "nri_plugin_connection_state")
	if err != nil {
		return nil, err
	}
	nodes, err := p.labelValues("node", `nri_plugin_connection_state{job="`+job+`"}`)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(jobs, job) || !slices.Equal(nodes, []string{NodeName}) {
		return nil, fmt.Errorf("the dashboard's variables offer jobs %v and nodes %v, want %s and [%s]", jobs, nodes, job, NodeName)
	}
	return strings.NewReplacer("$job", job, "$node", regexp.QuoteMeta(NodeName),
		"$__rate_interval", (4 * scrapeInterval).String(), "$__range", dashboardRange), nil
}
