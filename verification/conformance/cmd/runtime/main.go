//go:build !nri_v011

// Command runtime is a container runtime's NRI side that tests control (the Java driver is
// nri-test-runtime's UpstreamRuntime). Commands come as JSON lines on stdin, each with an
// integer "id" and an "op"; each gets exactly one response line on stdout with the same "id",
// "ok" and, when false, "error" ("operationError": true when the runtime operation itself
// failed, as it would in containerd). Lines with an "event" and no "id" are notifications.
// Protobuf messages are the base64 (standard encoding) of their binary form. Logs go to
// stderr. Commands run concurrently: a client waits for a response before sending a command
// that depends on it. At the end of stdin everything stops and the program exits 0.
//
// In library mode the runtime is the upstream runtime library (pkg/adaptation), as containerd
// embeds it, behind a proxy that kill uses to drop plugin connections as a crashing runtime
// does. In draft mode it is a runtime of upstream's mux and ttrpc packages that plays the
// v1beta1 draft (containerd/nri PR #235), which sends Shutdown with a reason.
//
// Commands of both modes:
//
//	start                             start the runtime on -socket, again after kill
//	kill                              drop the plugin connections, stop, remove the socket
//	setState {pods, containers}       the state Synchronize reports from now on
//	awaitSynchronized {timeoutMs}     the next plugin synchronization → {synchronizations}
//	awaitPlugins {count, timeoutMs}   at least count plugins synchronized since the latest start → {plugins}
//	setUpdateReply {failedIds}        unsolicited updates of these containers fail
//	createContainer {pod, container}  → {result: CreateContainerResponse}
//
// Library mode only: updateContainer {pod, container, resources} → {result},
// stopContainer {pod, container} → {result}, updatePodSandbox {pod, resources} → {result},
// event {name, pod, container} for the 9 notification events, calls → {calls: [{method,
// toPlugin, error}]} (error only for failed calls; the calls of the latest instance).
// Draft mode only: shutdown {reason} → {plugins}.
// Notification: {"event": "updates", "updates": [ContainerUpdate]} for each UpdateContainers.
//
// The build excludes it from the harness built against NRI v0.11.0: draft mode sends
// ConfigureRequest.NRI_version, which that release lacks.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"
)

// config is what the flags say about the runtime to play.
type config struct {
	socket              string
	name, version       string
	requestTimeout      time.Duration
	registrationTimeout time.Duration
}

func main() {
	var cfg config
	flag.StringVar(&cfg.socket, "socket", "", "where plugins connect (required)")
	mode := flag.String("mode", "library", "library: the upstream runtime library; draft: the v1beta1 draft")
	flag.StringVar(&cfg.name, "runtime-name", "containerd", "the runtime name plugins are told")
	flag.StringVar(&cfg.version, "runtime-version", "v2.4.0", "the runtime version plugins are told")
	flag.DurationVar(&cfg.requestTimeout, "request-timeout", 2*time.Second, "how long a plugin may take per request")
	flag.DurationVar(&cfg.registrationTimeout, "registration-timeout", 5*time.Second, "how long a plugin may take to register")
	flag.Parse()
	if cfg.socket == "" {
		fail("-socket is required")
	}

	out := &output{w: os.Stdout}
	shared := newShared(out)
	var b backend
	switch *mode {
	case "library":
		dir, err := os.MkdirTemp("", "nri-runtime-")
		if err != nil {
			fail("%v", err)
		}
		defer os.RemoveAll(dir)
		b = newLibrary(cfg, dir, shared)
	case "draft":
		b = newDraft(cfg, shared)
	default:
		fail("unknown -mode %q: library or draft", *mode)
	}
	serve(b, shared, out)
	b.stop()
}

// serve answers the commands on stdin until it ends. Commands run concurrently, so that a test
// may wait for one (awaitSynchronized) while it issues others.
func serve(b backend, s *shared, out *output) {
	ops := operations(b, s)
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 64<<10), 256<<20) // setState may carry a large state
	for in.Scan() {
		var c command
		if err := json.Unmarshal(in.Bytes(), &c); err != nil || c.ID == nil {
			fmt.Fprintf(os.Stderr, "runtime: ignoring a line that is not a command (%v): %.200s\n", err, in.Text())
			continue
		}
		go func() {
			r, err := ops.run(&c)
			out.respond(*c.ID, r, err)
		}()
	}
	if err := in.Err(); err != nil {
		fmt.Fprintf(os.Stderr, "runtime: reading commands: %v\n", err)
	}
}

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "runtime: "+format+"\n", args...)
	os.Exit(2)
}
