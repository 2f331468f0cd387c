package harness

import (
	"context"
	"strings"
	"sync"
	"time"

	"github.com/containerd/nri/pkg/api"
	"github.com/containerd/ttrpc"
	rpcstatus "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/protobuf/proto"
)

func okStatus() *rpcstatus.Status { return &rpcstatus.Status{} }

// Call is one ttrpc call as the runtime's side saw it.
type Call struct {
	Method       string // e.g. "CreateContainer"; StateChange as "StateChange:START_CONTAINER"
	ToPlugin     bool   // conn 1: runtime to plugin; otherwise plugin to runtime on conn 2
	Request      []byte // the request message (payload)
	Response     []byte // the response message (payload)
	RequestSize  int    // the whole ttrpc message, header included
	ResponseSize int
	Err          error
	Elapsed      time.Duration // from sending the request to the answer, for calls to the plugin
}

// CallLog records calls in both directions.
type CallLog struct {
	mu    sync.Mutex
	calls []Call
}

// All returns a copy of the calls so far.
func (l *CallLog) All() []Call {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Call(nil), l.calls...)
}

// Mark returns a position to read later calls from.
func (l *CallLog) Mark() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.calls)
}

// Since returns the calls after mark.
func (l *CallLog) Since(mark int) []Call {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]Call(nil), l.calls[mark:]...)
}

const ttrpcHeader = 10

func (l *CallLog) clientInterceptor(ctx context.Context, req *ttrpc.Request, resp *ttrpc.Response,
	info *ttrpc.UnaryClientInfo, invoker ttrpc.Invoker) error {
	start := time.Now()
	err := invoker(ctx, req, resp)
	elapsed := time.Since(start)
	method := req.Method
	if method == "StateChange" {
		evt := &api.StateChangeEvent{}
		if proto.Unmarshal(req.Payload, evt) == nil {
			method += ":" + evt.Event.String()
		}
	}
	c := Call{Method: method, ToPlugin: true, Request: req.Payload, Response: resp.Payload,
		RequestSize: ttrpcHeader + proto.Size(req), Err: err, Elapsed: elapsed}
	if resp.Status != nil || resp.Payload != nil {
		c.ResponseSize = ttrpcHeader + proto.Size(resp)
	}
	l.add(c)
	return err
}

func (l *CallLog) serverInterceptor(ctx context.Context, unmarshal ttrpc.Unmarshaler,
	info *ttrpc.UnaryServerInfo, method ttrpc.Method) (interface{}, error) {
	name := info.FullMethod[strings.LastIndex(info.FullMethod, "/")+1:]
	var request proto.Message
	recording := func(v interface{}) error {
		err := unmarshal(v)
		if m, ok := v.(proto.Message); ok {
			request = m
		}
		return err
	}
	resp, err := method(ctx, recording)
	c := Call{Method: name, Err: err}
	if request != nil {
		c.Request, _ = proto.Marshal(request)
		service := strings.Trim(info.FullMethod[:strings.LastIndex(info.FullMethod, "/")], "/")
		// The sent size is known exactly only without a deadline (the plugin sends none on
		// UpdateContainers); with one, timeout_nano's length is not recorded.
		if _, hasDeadline := ctx.Deadline(); !hasDeadline {
			envelope := &ttrpc.Request{Service: service, Method: name, Payload: c.Request}
			c.RequestSize = ttrpcHeader + proto.Size(envelope)
		}
	}
	if m, ok := resp.(proto.Message); ok && err == nil {
		c.Response, _ = proto.Marshal(m)
		c.ResponseSize = ttrpcHeader + proto.Size(&ttrpc.Response{Status: okStatus(), Payload: c.Response})
	}
	l.add(c)
	return resp, err
}

func (l *CallLog) add(c Call) {
	l.mu.Lock()
	l.calls = append(l.calls, c)
	l.mu.Unlock()
}
