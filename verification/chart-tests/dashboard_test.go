package charttests

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// dashboardKey: the dashboard's file in the chart, and its key in the ConfigMap.
const dashboardKey = "nri-plugin.json"

// dashboardQueries lists every query of the dashboard, one a line, in panel order: what a test
// against a running Prometheus asks for.
const dashboardQueries = "dashboard-queries.txt"

// metricNames: what the plugin exports (nri4j's meters as Micrometer's Prometheus registry names
// them; the JVM and process meters of Spring Boot Actuator) and Prometheus's own up.
var metricNames = []string{"up", "nri_plugin_connection_state", "nri_plugin_reconnects_total",
	"nri_plugin_requests_seconds_count", "nri_plugin_requests_seconds_sum", "nri_plugin_requests_seconds_max",
	"nri_plugin_errors_total", "nri_plugin_budget_overruns_total", "nri_containers_escaped_total",
	"nri_adjustments_ignored_total", "jvm_memory_used_bytes", "process_cpu_usage", "system_cpu_count"}

type dashboard struct {
	Title      string `json:"title"`
	UID        string `json:"uid"`
	Templating struct {
		List []struct {
			Name string `json:"name"`
		} `json:"list"`
	} `json:"templating"`
	Panels []struct {
		ID         int    `json:"id"`
		Type       string `json:"type"`
		Title      string `json:"title"`
		Datasource struct {
			UID string `json:"uid"`
		} `json:"datasource"`
		Targets []struct {
			Expr string `json:"expr"`
		} `json:"targets"`
	} `json:"panels"`
}

func checkDashboard(t *testing.T, r *rendered) {
	var d dashboard
	check(t, "should render the dashboard in a ConfigMap with the label Grafana's sidecar watches", func(t *testing.T) {
		if len(r.dashboards) != 1 {
			t.Fatalf("%d dashboard ConfigMaps", len(r.dashboards))
		}
		cm := r.dashboards[0]
		if cm.Labels["grafana_dashboard"] != "1" || cm.Annotations["grafana_folder"] != "NRI" || len(cm.Data) != 1 {
			t.Errorf("labels %v, annotations %v, keys %d", cm.Labels, cm.Annotations, len(cm.Data))
		}
		file, err := os.ReadFile(filepath.Join(chartDir, "dashboards", dashboardKey))
		if err != nil {
			t.Fatal(err)
		}
		if cm.Data[dashboardKey] != strings.TrimSuffix(string(file), "\n") {
			t.Errorf("the ConfigMap's %s is not the chart's dashboards/%s", dashboardKey, dashboardKey)
		}
		decoder := json.NewDecoder(strings.NewReader(cm.Data[dashboardKey]))
		if err := decoder.Decode(&d); err != nil || decoder.More() {
			t.Fatalf("%s is no JSON document: %v", dashboardKey, err)
		}
	})
	check(t, "should have a data source, job and node variable and panels that query the chosen data source", func(t *testing.T) {
		var variables []string
		for _, v := range d.Templating.List {
			variables = append(variables, v.Name)
		}
		if d.Title == "" || d.UID == "" || !slices.Equal(variables, []string{"datasource", "job", "node"}) {
			t.Errorf("title %q, uid %q, variables %v", d.Title, d.UID, variables)
		}
		ids := map[int]bool{}
		for _, p := range d.Panels {
			if ids[p.ID] {
				t.Errorf("panel id %d twice", p.ID)
			}
			ids[p.ID] = true
			if p.Type == "row" {
				continue
			}
			if len(p.Targets) == 0 || p.Datasource.UID != "${datasource}" {
				t.Errorf("panel %q: %d queries, data source %q", p.Title, len(p.Targets), p.Datasource.UID)
			}
		}
	})
	check(t, "should list every panel's query in "+dashboardQueries+", each of this job and of known metrics", func(t *testing.T) {
		var queries []string
		nodeRow := false
		for _, p := range d.Panels {
			nodeRow = nodeRow || p.Type == "row" && strings.HasPrefix(p.Title, "Node")
			for _, target := range p.Targets {
				queries = append(queries, target.Expr)
				if !strings.Contains(target.Expr, `job="$job"`) {
					t.Errorf("panel %q: a query of every job: %s", p.Title, target.Expr)
				}
				if nodeRow && !strings.Contains(target.Expr, `node=~"$node"`) {
					t.Errorf("panel %q of the node row: a query of every node: %s", p.Title, target.Expr)
				}
				for _, m := range regexp.MustCompile(`([a-z_]+)\{`).FindAllStringSubmatch(target.Expr, -1) {
					if !slices.Contains(metricNames, m[1]) {
						t.Errorf("panel %q: metric %s is none the plugin exports", p.Title, m[1])
					}
				}
			}
		}
		listed, err := readLines(dashboardQueries)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(queries, listed) {
			t.Errorf("the dashboard's queries:\n%s\n%s lists:\n%s", strings.Join(queries, "\n"), dashboardQueries,
				strings.Join(listed, "\n"))
		}
	})
	check(t, "should label the dashboard as the values say", func(t *testing.T) {
		manifest, err := runHelm("template", "test", chartDir, "--namespace", "nri", "--kube-version", kubeVersion,
			"--set", "grafanaDashboard.enabled=true", "--set", "grafanaDashboard.label=dashboards.example.com/grafana",
			"--set", "grafanaDashboard.labelValue=nri")
		if err != nil {
			t.Fatal(err)
		}
		other, err := decodeStrictly(manifest)
		if err != nil {
			t.Fatal(err)
		}
		if len(other.dashboards) != 1 || other.dashboards[0].Labels["dashboards.example.com/grafana"] != "nri" ||
			other.dashboards[0].Labels["grafana_dashboard"] != "" || other.dashboards[0].Annotations != nil {
			t.Errorf("dashboards %+v", other.dashboards)
		}
	})
}

// readLines reads a file's lines but blank ones and # comments.
func readLines(path string) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var lines []string
	scanner := bufio.NewScanner(f)
	for scanner.Scan() {
		if line := strings.TrimSpace(scanner.Text()); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	return lines, scanner.Err()
}
