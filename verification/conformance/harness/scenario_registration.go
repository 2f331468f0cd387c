package harness

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/containerd/nri/pkg/api"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"
)

func (h *Harness) registration(t *T) {
	rt := NewRuntime(t, RuntimeOptions{})

	t.Run("should register a name that uses every allowed character", func(t *T) {
		mark := rt.Calls.Mark()
		p := h.Connect(t, rt, PluginOptions{Name: "abcd-0123+EFGH_4567.ijkl", Idx: "05"})
		require.Equal(t, "05-abcd-0123+EFGH_4567.ijkl", p.AwaitStub(t, "Registered").Str("identity"),
			"the plugin reports what it registered as")
		register := findCall(rt.Calls.Since(mark), "RegisterPlugin")
		require.NotNil(t, register, "the runtime saw RegisterPlugin")
		req := &api.RegisterPluginRequest{}
		require.NoError(t, proto.Unmarshal(register.Request, req))
		require.Equal(t, "abcd-0123+EFGH_4567.ijkl", req.PluginName)
		require.Equal(t, "05", req.PluginIdx)
		if version, known := registeredNRIVersion(req); known {
			require.Equal(t, "v0.12.5", version, "the plugin sends the NRI version its API comes from")
		}
	})

	t.Run("should receive the default timeouts of 5 s and 2 s", func(t *T) {
		p := h.Connect(t, rt, PluginOptions{Name: "defaults", Idx: "06"})
		configured := p.AwaitStub(t, "Configured")
		require.EqualValues(t, 5000, configured.Int("registrationTimeoutMs"))
		require.EqualValues(t, 2000, configured.Int("requestTimeoutMs"))
	})

	t.Run("should refuse an invalid name before connecting, like the runtime", func(t *T) {
		mark := rt.Calls.Mark()
		p := h.StartPlugin(t, rt, PluginOptions{Name: "foo,bar", Idx: "10"})
		require.Equal(t, 2, p.AwaitExit(t, 20*time.Second), "exit code for an invalid identity")
		require.Contains(t, p.Stderr(), `invalid plugin name "foo,bar"`)
		require.Nil(t, findCall(rt.Calls.Since(mark), "RegisterPlugin"), "nothing reached the runtime")
		if HasNameCheck {
			require.Error(t, checkPluginName("foo,bar"), "the runtime refuses this name too")
		}
	})

	t.Run("should refuse an index that is not two digits", func(t *T) {
		p := h.StartPlugin(t, rt, PluginOptions{Name: "plugin", Idx: "100"})
		require.Equal(t, 2, p.AwaitExit(t, 20*time.Second))
		require.Contains(t, p.Stderr(), `invalid plugin index "100"`)
	})

	t.Run("should judge indices by the runtime's rule", func(t *T) {
		indices := []string{"00", "05", "99", "1", "100", "a1", "1a", "", " 1", "-1", "٣٣"}
		verdicts := h.checkIdentities(t, "plugin", indices, false)
		for i, idx := range indices {
			require.Equal(t, api.CheckPluginIndex(idx) == nil, verdicts[i] == "ok",
				"index %q: runtime says %v, plugin says %s", idx, api.CheckPluginIndex(idx), verdicts[i])
		}
	})

	t.Run("should judge names by the runtime's rule", func(t *T) {
		if !HasNameCheck {
			t.Skipf("NRI %s does not check names beyond emptiness", NRIVersion())
		}
		names := []string{"abcd-0123+EFGH_4567.ijkl", "foo,bar", "", "a b", "a/b", "ä", "x", "a:b", "-", "_.+-", "a\tb"}
		verdicts := h.checkIdentities(t, "05", names, true)
		for i, name := range names {
			require.Equal(t, checkPluginName(name) == nil, verdicts[i] == "ok",
				"name %q: runtime says %v, plugin says %s", name, checkPluginName(name), verdicts[i])
		}
	})

	t.Run("should say clearly that the socket is missing", func(t *T) {
		p := h.StartPlugin(t, nil, PluginOptions{Name: "lost", Idx: "10",
			Socket: filepath.Join(t.TempDir(), "missing.sock")})
		require.Equal(t, 3, p.AwaitExit(t, 20*time.Second), "exit code for a failed registration")
		require.Contains(t, p.Stderr(), "cannot connect to the NRI socket")
		require.Contains(t, p.Stderr(), "missing.sock")
	})
}

// checkIdentities asks the plugin's identity rules about many names (or indices) at once.
func (h *Harness) checkIdentities(t *T, other string, values []string, names bool) []string {
	var input strings.Builder
	for _, v := range values {
		if names {
			fmt.Fprintf(&input, "%s\t%s\n", v, other)
		} else {
			fmt.Fprintf(&input, "%s\t%s\n", other, v)
		}
	}
	args := h.Java.command(h.Java.Classpath, PluginMainClass, "--check-identity")
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin = strings.NewReader(input.String())
	out, err := cmd.Output()
	require.NoError(t, err)
	verdicts := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	require.Len(t, verdicts, len(values))
	return verdicts
}

func findCall(calls []Call, method string) *Call {
	for i := range calls {
		if calls[i].Method == method {
			return &calls[i]
		}
	}
	return nil
}
