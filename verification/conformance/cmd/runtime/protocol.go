//go:build !nri_v011

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"google.golang.org/protobuf/proto"
)

// command is one line on stdin. Protobuf messages are the base64 (standard encoding) of their
// binary form, which encoding/json maps to []byte.
type command struct {
	ID         *int64   `json:"id"`
	Op         string   `json:"op"`
	Pods       [][]byte `json:"pods"`
	Containers [][]byte `json:"containers"`
	Pod        []byte   `json:"pod"`
	Container  []byte   `json:"container"`
	Resources  []byte   `json:"resources"`
	Name       string   `json:"name"`
	Reason     string   `json:"reason"`
	FailedIDs  []string `json:"failedIds"`
	TimeoutMs  int64    `json:"timeoutMs"`
	Count      int      `json:"count"`
}

// result holds the fields a successful response adds to "id" and "ok".
type result map[string]interface{}

// operationError is an error of the runtime operation itself (the library's, or a plugin's it
// passes on), as opposed to a command the runtime could not carry out. Responses mark it with
// "operationError": true.
type operationError struct{ err error }

func (e operationError) Error() string { return e.err.Error() }

// message decodes a required protobuf field of a command.
func message[M proto.Message](b []byte, m M, field string) (M, error) {
	if b == nil {
		return m, fmt.Errorf("%q is missing", field)
	}
	if err := proto.Unmarshal(b, m); err != nil {
		return m, fmt.Errorf("%q is not a valid %T: %v", field, m, err)
	}
	return m, nil
}

// encode is the base64-ready binary form of m.
func encode(m proto.Message) []byte {
	b, err := proto.Marshal(m)
	if err != nil {
		panic(err) // a message the library or a plugin produced always marshals
	}
	if b == nil {
		b = []byte{} // an empty message is "", not null
	}
	return b
}

// output writes whole lines to stdout, one writer at a time.
type output struct {
	mu sync.Mutex
	w  io.Writer
}

func (o *output) respond(id int64, r result, err error) {
	line := map[string]interface{}{"id": id, "ok": err == nil}
	if err != nil {
		line["error"] = err.Error()
		var op operationError
		if errors.As(err, &op) {
			line["operationError"] = true
		}
	} else {
		for k, v := range r {
			line[k] = v
		}
	}
	o.send(line)
}

// notify sends an asynchronous notification.
func (o *output) notify(event string, fields result) {
	line := map[string]interface{}{"event": event}
	for k, v := range fields {
		line[k] = v
	}
	o.send(line)
}

func (o *output) send(line map[string]interface{}) {
	b, err := json.Marshal(line)
	if err != nil {
		panic(err)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if _, err := o.w.Write(append(b, '\n')); err != nil {
		fmt.Fprintf(os.Stderr, "runtime: writing to stdout: %v\n", err)
	}
}
