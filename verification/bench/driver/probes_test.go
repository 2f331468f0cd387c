package driver

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestChartProbesAreTheChartsPeriodsAndPaths(t *testing.T) {
	p, err := ChartProbes("../../../helm/nri-plugin/values.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		got  Probe
		path string
	}{{"startup", p.Startup, "/actuator/health/liveness"}, {"liveness", p.Liveness, "/actuator/health/liveness"},
		{"readiness", p.Readiness, "/actuator/health/readiness"}, {"scrape", p.Scrape, "/actuator/prometheus"}} {
		if c.got.Path != c.path || c.got.Period <= 0 || c.got.Timeout <= 0 {
			t.Errorf("%s probe %+v, want GET %s with a period and a timeout", c.name, c.got, c.path)
		}
	}
	if p.Startup.Period >= p.Liveness.Period {
		t.Errorf("startup period %v not below liveness period %v, as the chart has them", p.Startup.Period,
			p.Liveness.Period)
	}
}

// plugin answers like actuator: every request with 503 until `failures` requests have come,
// then readiness with status `ready`, the scrape with `metrics`. asked gets each path answered.
func plugin(t *testing.T, failures int32, ready int, metrics string) (port int, asked chan string) {
	var seen atomic.Int32
	asked = make(chan string, 64)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case seen.Add(1) <= failures:
			w.WriteHeader(http.StatusServiceUnavailable)
		case r.URL.Path == "/actuator/health/readiness":
			w.WriteHeader(ready)
		case r.URL.Path == "/actuator/prometheus":
			_, _ = w.Write([]byte(metrics))
		default:
			_, _ = w.Write([]byte(`{"status":"UP"}`))
		}
		select {
		case asked <- r.URL.Path:
		default:
		}
	}))
	t.Cleanup(srv.Close)
	return srv.Listener.Addr().(*net.TCPAddr).Port, asked
}

// await returns once path has been answered.
func await(t *testing.T, asked chan string, path string) {
	timeout := time.After(30 * time.Second)
	for {
		select {
		case p := <-asked:
			if p == path {
				return
			}
		case <-timeout:
			t.Fatalf("%s never asked", path)
		}
	}
}

func fast() Probes {
	p := func(path string) Probe { return Probe{path, 5 * time.Millisecond, time.Second} }
	return Probes{Startup: p("/actuator/health/liveness"), Liveness: Probe{"/actuator/health/liveness", 7 * time.Millisecond, time.Second},
		Readiness: p("/actuator/health/readiness"), Scrape: p("/actuator/prometheus"), Metric: "nri_plugin_connection_state"}
}

func TestProbesRetryStartupThenAskEveryProbeAndScrape(t *testing.T) {
	port, _ := plugin(t, 3, http.StatusOK, "nri_plugin_connection_state 3.0\n")
	pr := startProbes(fast(), port)
	select {
	case <-pr.answered:
	case <-time.After(30 * time.Second):
		t.Fatal("the probes never all passed")
	}
	c, err := pr.finish(fast())
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/actuator/health/liveness", "/actuator/health/readiness", "/actuator/prometheus"} {
		if c.Passed[path] == 0 {
			t.Errorf("%s never passed: %+v", path, c)
		}
	}
	if c.Scraped != len("nri_plugin_connection_state 3.0\n") {
		t.Errorf("last scrape %d bytes, want the answer's", c.Scraped)
	}
}

func TestAProbeThatNeverPassesFailsTheRunWithItsStatus(t *testing.T) {
	port, asked := plugin(t, 0, http.StatusServiceUnavailable, "nri_plugin_connection_state 3.0\n")
	pr := startProbes(fast(), port)
	await(t, asked, "/actuator/health/readiness")
	_, err := pr.finish(fast())
	if err == nil || !strings.Contains(err.Error(), "/actuator/health/readiness never passed") ||
		!strings.Contains(err.Error(), "503") {
		t.Errorf("finish = %v, want readiness never passed with its 503", err)
	}
}

func TestAScrapeWithoutThePluginsMetricsFails(t *testing.T) {
	port, asked := plugin(t, 0, http.StatusOK, "jvm_threads_live_threads 20.0\n")
	pr := startProbes(fast(), port)
	await(t, asked, "/actuator/prometheus")
	_, err := pr.finish(fast())
	if err == nil || !strings.Contains(err.Error(), "no nri_plugin_connection_state in 30 bytes") {
		t.Errorf("finish = %v, want the scrape refused for lacking the plugin's metric", err)
	}
}
