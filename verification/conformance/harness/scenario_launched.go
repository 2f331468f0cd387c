package harness

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/stretchr/testify/require"
)

func (h *Harness) launched(t *T) {
	var p *Plugin
	rt := NewRuntime(t, RuntimeOptions{BeforeStart: func(rt *Runtime) {
		// The runtime runs the file with exactly NRI_PLUGIN_NAME, NRI_PLUGIN_IDX and
		// NRI_PLUGIN_SOCKET=3 in its environment: absolute paths only.
		fifo := filepath.Join(filepath.Dir(rt.Socket), "reports")
		require.NoError(t, syscall.Mkfifo(fifo, 0o600))
		installPlugin(t, rt, "30-launched", h.Java.command(h.Java.Classpath, PluginMainClass,
			"--events", "createcontainer", "--report", fifo))
		require.NoError(t, os.WriteFile(filepath.Join(rt.ConfigDir, "30-launched.conf"),
			[]byte("greeting: hello from conf.d\n"), 0o644))
		p = h.readReports(t, "30-launched", fifo)
	}})
	// Start returned: the runtime launched, registered, configured and synchronized the plugin.

	t.Run("should adopt the socket the runtime passes on fd 3", func(t *T) {
		require.Equal(t, "inherited fd 3", p.AwaitStub(t, "Connected").Str("target"))
	})

	t.Run("should take its name and index from the runtime", func(t *T) {
		require.Equal(t, "30-launched", p.AwaitStub(t, "Registered").Str("identity"))
	})

	t.Run("should receive its drop-in configuration", func(t *T) {
		require.Equal(t, "greeting: hello from conf.d\n", p.AwaitStub(t, "Configured").Str("config"))
	})

	t.Run("should adjust containers", func(t *T) {
		p.AwaitStub(t, "Synchronized")
		pod := Pod("pod-launched", map[string]string{"adjust": "claim-annotation"})
		rsp, err := rt.CreateContainer(pod, Ctr(pod, "ctr-launched"))
		require.NoError(t, err)
		require.Equal(t, "30-launched", rsp.Adjust.Annotations[Prefix+"owner"])
		p.AwaitHandler(t, "CreateContainer")
	})
}

// readReports reads the reports of a plugin the runtime runs, from a named pipe.
func (h *Harness) readReports(t *T, name, fifo string) *Plugin {
	p := newPlugin(name, nil)
	go func() {
		f, err := os.Open(fifo) // blocks until the plugin opens it
		if err != nil {
			p.exitCode = -1
			close(p.exited)
			return
		}
		defer f.Close()
		p.read(f)
	}()
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("plugin %s reports:\n%s", name, p.dump())
		}
	})
	return p
}

// installPlugin puts a plugin into rt's plugin directory for the runtime to launch: a script
// that runs args, with stderr to a log that is shown if t fails, since nothing else keeps it.
func installPlugin(t *T, rt *Runtime, fullName string, args []string) {
	logFile := filepath.Join(filepath.Dir(rt.Socket), fullName+".log")
	script := "#!/bin/sh\nexec " + shellQuote(args) + " 2>>" + shellQuote([]string{logFile}) + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(rt.PluginDir, fullName), []byte(script), 0o755))
	t.Cleanup(func() {
		if t.Failed() {
			log, _ := os.ReadFile(logFile)
			t.Logf("plugin %s stderr:\n%s", fullName, tail(string(log), 60))
		}
	})
}

func shellQuote(args []string) string {
	quoted := make([]string, len(args))
	for i, a := range args {
		quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(quoted, " ")
}
