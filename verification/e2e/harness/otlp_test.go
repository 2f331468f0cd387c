package harness

import (
	"bytes"
	"net/http"
	"testing"
	"time"

	collector "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	common "go.opentelemetry.io/proto/otlp/common/v1"
	resource "go.opentelemetry.io/proto/otlp/resource/v1"
	trace "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"
)

func TestTraceReceiverKeepsExportedSpans(t *testing.T) {
	r, err := StartTraceReceiver()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	traceID := bytes.Repeat([]byte{0xab}, 16)
	export := &collector.ExportTraceServiceRequest{ResourceSpans: []*trace.ResourceSpans{{
		Resource: &resource.Resource{Attributes: []*common.KeyValue{{Key: "service.name",
			Value: &common.AnyValue{Value: &common.AnyValue_StringValue{StringValue: "containerd"}}}}},
		ScopeSpans: []*trace.ScopeSpans{{Spans: []*trace.Span{
			{Name: "root", TraceId: traceID, SpanId: []byte{1, 2, 3, 4, 5, 6, 7, 8}},
			{Name: "child", TraceId: traceID, SpanId: []byte{9, 9, 9, 9, 9, 9, 9, 9},
				ParentSpanId: []byte{1, 2, 3, 4, 5, 6, 7, 8}},
		}}},
	}}}
	body, _ := proto.Marshal(export)
	resp, err := http.Post(r.TracesURL(), "application/x-protobuf", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("status %d", resp.StatusCode)
	}
	if !r.Await(time.Second, func(s []Span) bool { return len(s) == 2 }) {
		t.Fatalf("spans: %+v", r.Spans())
	}
	child := r.Spans()[1]
	want := Span{Service: "containerd", Name: "child", TraceID: "abababababababababababababababab",
		SpanID: "0909090909090909", Parent: "0102030405060708"}
	if child != want {
		t.Fatalf("got %+v, want %+v", child, want)
	}
	if root := r.Spans()[0]; root.Parent != "" {
		t.Fatalf("a root span with parent %q", root.Parent)
	}

	resp, err = http.Post(r.TracesURL(), "application/x-protobuf", bytes.NewReader([]byte("not protobuf")))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnsupportedMediaType {
		t.Fatalf("garbage answered %d", resp.StatusCode)
	}
}
