package charttests

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// alertTests: the promtool unit tests of the alerts, rules/alerts-test.yaml.
const alertTests = "rules/alerts-test.yaml"

// TestAlertRules runs promtool on the rules the chart renders, never on a copy of them: the
// PrometheusRule's spec (a Prometheus rule file) goes beside the unit tests.
func TestAlertRules(t *testing.T) {
	r := render(t, "should render the alerts of values/monitoring.yaml", "-f", "values/monitoring.yaml")
	if r == nil {
		return
	}
	dir := t.TempDir()
	check(t, "should write a rule file promtool check rules accepts", func(t *testing.T) {
		spec, err := yaml.Marshal(onlyRules(t, r).Spec)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "nri-plugin-rules.yaml"), spec, 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := runPromtool(dir, "check", "rules", "--lint=all", "--lint-fatal", "nri-plugin-rules.yaml"); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	})
	var cases, alerts int
	check(t, "should test every alert firing and not firing", func(t *testing.T) {
		text, err := os.ReadFile(alertTests)
		if err != nil {
			t.Fatal(err)
		}
		var file struct {
			Tests []struct {
				AlertRuleTest []struct {
					Alertname string `json:"alertname"`
					ExpAlerts []any  `json:"exp_alerts"`
				} `json:"alert_rule_test"`
			} `json:"tests"`
		}
		if err := yaml.Unmarshal(text, &file); err != nil {
			t.Fatal(err)
		}
		firing, silent := map[string]int{}, map[string]int{}
		for _, group := range file.Tests {
			for _, c := range group.AlertRuleTest {
				if !slices.Contains(alertNames, c.Alertname) {
					t.Errorf("a test of %s, which the chart does not render", c.Alertname)
				}
				if len(c.ExpAlerts) > 0 {
					firing[c.Alertname]++
				} else {
					silent[c.Alertname]++
				}
				cases++
			}
		}
		for _, name := range alertNames {
			if firing[name] == 0 || silent[name] == 0 {
				t.Errorf("%s: %d cases where it fires, %d where it does not", name, firing[name], silent[name])
			}
		}
		alerts = len(firing)
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(alertTests)), text, 0o644); err != nil {
			t.Fatal(err)
		}
	})
	check(t, "should pass promtool test rules", func(t *testing.T) {
		if out, err := runPromtool(dir, "test", "rules", filepath.Base(alertTests)); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		promtoolSummary = fmt.Sprintf("promtool: %d alert tests passed (%d alerts)", cases, alerts)
	})
}

// runPromtool runs promtool in dir and returns its output, stdout and stderr.
func runPromtool(dir string, args ...string) (string, error) {
	var out bytes.Buffer
	cmd := exec.Command(promtoolBinary, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, &out, &out
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("promtool %s: %w", strings.Join(args, " "), err)
	}
	return out.String(), nil
}
