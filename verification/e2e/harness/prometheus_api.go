package harness

// The part of Prometheus's HTTP API the prometheus group reads.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

type promTarget struct {
	Labels    map[string]string `json:"labels"`
	ScrapeURL string            `json:"scrapeUrl"`
	Health    string            `json:"health"`
	LastError string            `json:"lastError"`
}

type promAlert struct {
	Labels      map[string]string `json:"labels"`
	Annotations map[string]string `json:"annotations"`
	State       string            `json:"state"`
	ActiveAt    time.Time         `json:"activeAt"`
	Value       string            `json:"value"`
}

type promRule struct {
	Name      string `json:"name"`
	Health    string `json:"health"`
	LastError string `json:"lastError"`
	State     string `json:"state"`
}

type promSeries struct {
	Metric map[string]string `json:"metric"`
	Value  [2]any            `json:"value"`
}

func (p *prometheusRun) get(path string, params url.Values, data any) error {
	c := http.Client{Timeout: 10 * time.Second}
	rsp, err := c.Get(p.url + path + "?" + params.Encode())
	if err != nil {
		return err
	}
	defer rsp.Body.Close()
	var body struct {
		Status string          `json:"status"`
		Error  string          `json:"error"`
		Data   json.RawMessage `json:"data"`
	}
	if err := json.NewDecoder(rsp.Body).Decode(&body); err != nil {
		return fmt.Errorf("%s: HTTP %d: %w", path, rsp.StatusCode, err)
	}
	if body.Status != "success" {
		return fmt.Errorf("%s %s: %s", path, params.Encode(), body.Error)
	}
	return json.Unmarshal(body.Data, data)
}

func (p *prometheusRun) targets() ([]promTarget, error) {
	var data struct {
		ActiveTargets []promTarget `json:"activeTargets"`
	}
	err := p.get("/api/v1/targets", url.Values{"state": {"active"}}, &data)
	return data.ActiveTargets, err
}

// rules are the alerting rules of every group.
func (p *prometheusRun) rules() ([]promRule, error) {
	var data struct {
		Groups []struct {
			Rules []promRule `json:"rules"`
		} `json:"groups"`
	}
	if err := p.get("/api/v1/rules", url.Values{"type": {"alert"}}, &data); err != nil {
		return nil, err
	}
	var rules []promRule
	for _, g := range data.Groups {
		rules = append(rules, g.Rules...)
	}
	return rules, nil
}

// query runs an instant query, whose result must be a vector.
func (p *prometheusRun) query(q string) ([]promSeries, error) {
	var data struct {
		ResultType string       `json:"resultType"`
		Result     []promSeries `json:"result"`
	}
	if err := p.get("/api/v1/query", url.Values{"query": {q}}, &data); err != nil {
		return nil, err
	}
	if data.ResultType != "vector" {
		return nil, fmt.Errorf("%s: a %s, not a vector", q, data.ResultType)
	}
	return data.Result, nil
}

// scalar is the value of a query of one series.
func (p *prometheusRun) scalar(q string) (float64, error) {
	series, err := p.query(q)
	if err != nil {
		return 0, err
	}
	if len(series) != 1 {
		return 0, fmt.Errorf("%s: %d series, want 1", q, len(series))
	}
	var v float64
	s, _ := series[0].Value[1].(string)
	if _, err := fmt.Sscan(s, &v); err != nil {
		return 0, fmt.Errorf("%s: value %v: %w", q, series[0].Value[1], err)
	}
	return v, nil
}

func (p *prometheusRun) labelValues(label, match string) ([]string, error) {
	var values []string
	err := p.get("/api/v1/label/"+label+"/values", url.Values{"match[]": {match}}, &values)
	return values, err
}

// alert is the active (pending or firing) alert of that name, or nil; a resolved alert is no
// longer active.
func (p *prometheusRun) alert(name string) (*promAlert, error) {
	var data struct {
		Alerts []promAlert `json:"alerts"`
	}
	if err := p.get("/api/v1/alerts", nil, &data); err != nil {
		return nil, err
	}
	for _, a := range data.Alerts {
		if a.Labels["alertname"] == name {
			return &a, nil
		}
	}
	return nil, nil
}
