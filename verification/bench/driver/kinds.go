package driver

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Kind is one implementation of the benchmark plugin and how to start it on a socket.
type Kind struct {
	Name string
	// Command starts the plugin on socket; a plugin with a web server listens on port.
	Command func(socket string, port int) *exec.Cmd
	// WebServer says the plugin serves HTTP (actuator), which Probes, if set, are asked of.
	WebServer bool
	Probes    *Probes
	// Graceful stops the plugin with SIGTERM and waits for it, where SIGKILL is the default: a
	// JVM then writes what it writes on exit, e.g. a -XX:StartFlightRecording file.
	Graceful bool
	// AfterLoad, if set, runs once the latency run's calls are done and its RSS is read, with the
	// plugin's pid and a file name prefix in the output directory (e.g. a JVM's memory summary).
	AfterLoad func(pid int, prefix string)
}

// Go is the upstream stub peer, built from cmd/goplugin.
func Go(binary string) Kind {
	return Kind{Name: "Go", Command: func(socket string, _ int) *exec.Cmd { return exec.Command(binary, socket) }}
}

// Java is a JVM, the flags every Java plugin runs with and, if any, variables added to the
// plugin's environment.
type Java struct {
	Binary  string
	JVMArgs []string
	Env     []string
}

// command runs mainClass with its temporary files (Tomcat's directories, which it leaves behind
// when killed) in dir, the runtime's directory that the session removes.
func (j Java) command(dir, classpath, mainClass string, args ...string) *exec.Cmd {
	argv := append(append([]string{"-Djava.io.tmpdir=" + dir}, j.JVMArgs...), "-cp", classpath, mainClass)
	cmd := exec.Command(j.Binary, append(argv, args...)...)
	if len(j.Env) > 0 {
		cmd.Env = append(os.Environ(), j.Env...)
	}
	return cmd
}

// Core is the plugin on nri-core alone.
func Core(j Java, classpath string) Kind {
	return Kind{Name: "nri-core", Command: func(socket string, _ int) *exec.Cmd {
		return j.command(filepath.Dir(socket), classpath, "io.nri4j.bench.core.CoreBenchPlugin", socket)
	}}
}

// Spring is the plugin as a Spring Boot application with actuator over HTTP, built with Spring
// AOT (process-aot) and started from its generated initialization code, as its pom says. The
// flag goes first, so that a later -Dspring.aot.enabled=false (a B kind's) overrides it.
func Spring(j Java, classpath string) Kind {
	j.JVMArgs = append([]string{"-Dspring.aot.enabled=true"}, j.JVMArgs...)
	return Kind{Name: "Spring", WebServer: true, Command: func(socket string, port int) *exec.Cmd {
		// Instances coordinate through a directory (a hostPath on a node): here the runtime's own.
		return j.command(filepath.Dir(socket), classpath, "io.nri4j.bench.spring.SpringBenchPlugin",
			"--nri.socket-path="+socket,
			"--nri.instances.directory="+filepath.Join(filepath.Dir(socket), "instances"),
			fmt.Sprintf("--server.port=%d", port))
	}}
}

// SplitArgs splits a flag value of JVM options at spaces.
func SplitArgs(s string) []string { return strings.Fields(s) }
