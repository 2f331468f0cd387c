package harness

import (
	"encoding/hex"
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
	"time"

	collector "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	"google.golang.org/protobuf/proto"
)

// Span is one span a traced process exported: ids in lower-case hex, the exporting service's
// name from its resource's service.name.
type Span struct {
	Service string
	Name    string
	TraceID string
	SpanID  string
	Parent  string // empty for a trace's root
}

// TraceReceiver is an OTLP/HTTP receiver of traces (protobuf, POST /v1/traces) on the loopback:
// containerd and the plugin export their spans to it, and the suite reads them back.
type TraceReceiver struct {
	server *http.Server
	addr   string

	mu    sync.Mutex
	spans []Span
}

// StartTraceReceiver listens on a free loopback port.
func StartTraceReceiver() (*TraceReceiver, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("the OTLP receiver: %w", err)
	}
	r := &TraceReceiver{addr: l.Addr().String()}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/traces", r.export)
	r.server = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go r.server.Serve(l)
	return r, nil
}

// Endpoint is the base URL, as OTEL_EXPORTER_OTLP_ENDPOINT takes it.
func (r *TraceReceiver) Endpoint() string { return "http://" + r.addr }

// TracesURL is the full traces URL, as Spring Boot's OTLP endpoint property takes it.
func (r *TraceReceiver) TracesURL() string { return r.Endpoint() + "/v1/traces" }

func (r *TraceReceiver) export(w http.ResponseWriter, req *http.Request) {
	body, err := io.ReadAll(io.LimitReader(req.Body, 16<<20))
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var msg collector.ExportTraceServiceRequest
	if err := proto.Unmarshal(body, &msg); err != nil {
		http.Error(w, "not an OTLP protobuf export: "+err.Error(), http.StatusUnsupportedMediaType)
		return
	}
	var got []Span
	for _, rs := range msg.GetResourceSpans() {
		service := ""
		for _, a := range rs.GetResource().GetAttributes() {
			if a.GetKey() == "service.name" {
				service = a.GetValue().GetStringValue()
			}
		}
		for _, ss := range rs.GetScopeSpans() {
			for _, s := range ss.GetSpans() {
				got = append(got, Span{Service: service, Name: s.GetName(), TraceID: hex.EncodeToString(s.GetTraceId()),
					SpanID: hex.EncodeToString(s.GetSpanId()), Parent: hex.EncodeToString(s.GetParentSpanId())})
			}
		}
	}
	r.mu.Lock()
	r.spans = append(r.spans, got...)
	r.mu.Unlock()
	reply, _ := proto.Marshal(&collector.ExportTraceServiceResponse{})
	w.Header().Set("Content-Type", "application/x-protobuf")
	w.Write(reply)
}

// Spans is every span received so far.
func (r *TraceReceiver) Spans() []Span {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Span(nil), r.spans...)
}

// Await polls until match finds what it looks for in the spans received, or timeout passes.
func (r *TraceReceiver) Await(timeout time.Duration, match func([]Span) bool) bool {
	deadline := time.Now().Add(timeout)
	for {
		if match(r.Spans()) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// Close stops listening.
func (r *TraceReceiver) Close() { r.server.Close() }
