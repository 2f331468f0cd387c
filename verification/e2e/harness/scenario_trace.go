package harness

import (
	"fmt"
	"strings"
	"time"
)

// tracedRelease is the containerd whose tracing the trace scenario turns on.
const tracedRelease = "v2.4.2"

func traceMatrix(c Runtime, r Release) bool {
	return strings.HasPrefix(c.Name(), "containerd") && r.Version == tracedRelease
}

// traceContainerd starts the OTLP receiver and points containerd's tracing at it: with
// OTEL_EXPORTER_OTLP_ENDPOINT set, containerd's io.containerd.tracing.processor.v1.otlp plugin
// exports its spans (http/protobuf by default), its CRI gRPC server spans each request, and the
// NRI client's otelttrpc interceptor sends the call's span as the W3C traceparent in the ttrpc
// metadata. Spans leave in batches every 500 ms instead of 5 s.
func (s *Suite) traceContainerd(t *T, c *Containerd) {
	r, err := StartTraceReceiver()
	if err != nil {
		t.Fatalf("%v", err)
	}
	s.Traces = r
	t.Cleanup(func() {
		r.Close()
		s.Traces = nil
	})
	c.Env = append(c.Env, "OTEL_EXPORTER_OTLP_ENDPOINT="+r.Endpoint(), "OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf",
		"OTEL_SERVICE_NAME=containerd", "OTEL_BSP_SCHEDULE_DELAY=500")
}

// trace: with containerd's tracing and the plugin's (Micrometer Tracing, OpenTelemetry bridge,
// OTLP) pointed at one receiver, the plugin's span of a CreateContainer is in containerd's trace
// of it, its parent containerd's span of the NRI call.
func (s *Suite) trace(t *T, c Runtime, r Release) {
	if s.Traces == nil {
		t.Fatalf("no trace receiver for %s", c.Name())
	}
	p, err := s.Java.StartJar("e2e-adjuster", s.AdjusterJar, c.NRIPath(),
		"--management.tracing.export.enabled=true",
		"--management.opentelemetry.tracing.export.otlp.endpoint="+s.Traces.TracesURL(),
		"--management.opentelemetry.tracing.export.schedule-delay=500ms",
		"--management.tracing.sampling.probability=1.0")
	if err != nil {
		t.Fatalf("%v", err)
	}
	t.Cleanup(func() {
		if _, err := p.Terminate(30 * time.Second); err != nil || t.Failed() {
			t.Logf("plugin e2e-adjuster output:\n%s", p.Output(40))
		}
	})
	if _, err := p.AwaitReadiness("UP", pluginTimeout); err != nil {
		t.Fatalf("%v", err)
	}
	runPod(t, c, "traced", map[string]string{prefix + "adjust": "trace"})
	var plugin, parent Span
	found := s.Traces.Await(60*time.Second, func(spans []Span) bool {
		plugin, parent = parented(spans)
		return plugin.SpanID != ""
	})
	t.Run("should continue containerd's trace: the plugin's CreateContainer span a child of containerd's NRI call",
		func(t *T) {
			if !found {
				t.Fatalf("no plugin span CreateContainer whose parent is a containerd span; received:\n%s",
					describeSpans(s.Traces.Spans()))
			}
		})
	if found {
		figure(t, "trace (%s): plugin span %s in trace %s, parent containerd span %s", c.Name(), plugin.Name,
			plugin.TraceID, parent.Name)
	}
}

// parented finds a CreateContainer span of the plugin and the containerd span that is its
// parent, in the same trace; empty spans when there is none.
func parented(spans []Span) (Span, Span) {
	for _, p := range spans {
		if p.Name != "CreateContainer" || p.Service == "containerd" || p.Parent == "" {
			continue
		}
		for _, c := range spans {
			if c.Service == "containerd" && c.SpanID == p.Parent && c.TraceID == p.TraceID {
				return p, c
			}
		}
	}
	return Span{}, Span{}
}

func describeSpans(spans []Span) string {
	var sb strings.Builder
	for _, s := range spans {
		fmt.Fprintf(&sb, "  %s %q trace %s span %s parent %s\n", s.Service, s.Name, s.TraceID, s.SpanID, s.Parent)
	}
	if sb.Len() == 0 {
		return "  (none)\n"
	}
	return sb.String()
}
