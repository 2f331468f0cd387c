package harness

import (
	"time"

	"github.com/stretchr/testify/require"
)

func (h *Harness) errors(t *T) {
	t.Run("handler failures", func(t *T) {
		rt := NewRuntime(t, RuntimeOptions{})
		p := h.Connect(t, rt, PluginOptions{Name: "failing", Idx: "10", Events: "createcontainer,startcontainer"})

		t.Run("should fail the runtime operation when a handler throws, and stay connected", func(t *T) {
			pod := Pod("pod-fail", map[string]string{"fail": "CreateContainer"})
			_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-fail"))
			require.Error(t, err)
			require.Contains(t, err.Error(), "conformance plugin 10-failing asked to fail CreateContainer")
			p.AwaitHandler(t, "CreateContainer")
			ok := Pod("pod-ok", map[string]string{"adjust": "annotations"})
			rsp, err := rt.CreateContainer(ok, Ctr(ok, "ctr-ok"))
			require.NoError(t, err, "still connected")
			require.Equal(t, "yes", rsp.Adjust.Annotations[Prefix+"added"])
			p.AwaitHandler(t, "CreateContainer")
		})

		t.Run("should fail a notification whose handler throws", func(t *T) {
			pod := Pod("pod-fail2", map[string]string{"fail": "StartContainer"})
			err := rt.Event("StartContainer", pod, Ctr(pod, "ctr-fail2"))
			require.Error(t, err)
			require.Contains(t, err.Error(), "asked to fail StartContainer")
			require.NoError(t, rt.Event("StartContainer", Pod("pod-ok2", nil), Ctr(Pod("pod-ok2", nil), "ctr-ok2")),
				"still connected")
			p.AwaitHandler(t, "StartContainer")
			p.AwaitHandler(t, "StartContainer")
		})
	})

	t.Run("should be disconnected for overrunning the request timeout", func(t *T) {
		rt := NewRuntime(t, RuntimeOptions{RequestTimeout: time.Second})
		p := h.Connect(t, rt, PluginOptions{Name: "slow", Idx: "10", Events: "createcontainer"})
		pod := Pod("pod-slow", map[string]string{"block": "CreateContainer"})
		start := time.Now()
		_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-slow"))
		require.NoError(t, err, "the runtime carries on without the plugin")
		require.GreaterOrEqual(t, time.Since(start), time.Second)
		require.Equal(t, "the runtime closed the connection", p.AwaitStub(t, "Disconnected").Str("reason"))
		require.Equal(t, 0, p.AwaitExit(t, 10*time.Second))
		mark := rt.Calls.Mark()
		_, err = rt.CreateContainer(Pod("pod-after", nil), Ctr(Pod("pod-after", nil), "ctr-after"))
		require.NoError(t, err)
		require.Empty(t, rt.Calls.Since(mark), "the plugin is gone")
	})

	t.Run("should fail the request on overrun when its failure policy says so", func(t *T) {
		if !HasFailurePolicy {
			t.Skipf("NRI %s has no failure policy", NRIVersion())
		}
		rt := NewRuntime(t, RuntimeOptions{RequestTimeout: time.Second})
		p := h.Connect(t, rt, PluginOptions{Name: "strict", Idx: "10", Events: "createcontainer",
			FailurePolicy: "fail-request"})
		pod := Pod("pod-strict", map[string]string{"block": "CreateContainer"})
		_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-strict"))
		require.Error(t, err)
		require.Contains(t, err.Error(), "plugin 10-strict failed to handle CreateContainer request")
		p.AwaitStub(t, "Disconnected")
	})

	t.Run("should stay connected after an overrun when its failure policy says so", func(t *T) {
		if !HasFailurePolicy {
			t.Skipf("NRI %s has no failure policy", NRIVersion())
		}
		rt := NewRuntime(t, RuntimeOptions{RequestTimeout: time.Second})
		p := h.Connect(t, rt, PluginOptions{Name: "patient", Idx: "10", Events: "createcontainer",
			FailurePolicy: "keep-connected"})
		pod := Pod("pod-patient", map[string]string{"block": "CreateContainer"})
		_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-patient"))
		require.NoError(t, err)
		p.AwaitHandler(t, "CreateContainer")
		ok := Pod("pod-patient2", map[string]string{"adjust": "annotations"})
		rsp, err := rt.CreateContainer(ok, Ctr(ok, "ctr-patient2"))
		require.NoError(t, err)
		require.Equal(t, "yes", rsp.Adjust.Annotations[Prefix+"added"], "still connected and adjusting")
	})

	t.Run("handler budget", func(t *T) {
		rt := NewRuntime(t, RuntimeOptions{RequestTimeout: time.Second})
		h.Connect(t, rt, PluginOptions{Name: "adjuster", Idx: "10", Events: "createcontainer",
			Args: []string{"--budget", "0.5"}})
		var v *Plugin
		if HasValidation {
			v = h.Connect(t, rt, PluginOptions{Name: "validator", Idx: "90", Events: "validatecontaineradjustment",
				Args: []string{"--budget", "0.5"}})
		}

		t.Run("should answer with no changes at its budget, and stay connected", func(t *T) {
			pod := Pod("pod-budget", map[string]string{"block.10": "CreateContainer", "adjust": "annotations"})
			mark := rt.Calls.Mark()
			rsp, err := rt.CreateContainer(pod, Ctr(pod, "ctr-budget"))
			require.NoError(t, err)
			// The deadline is per call: the validator's call that follows has a second of its own.
			// The runtime judges it: a call it gave up on ends in an error, and drops the plugin.
			create := findCall(rt.Calls.Since(mark), "CreateContainer")
			require.NotNil(t, create)
			require.NoError(t, create.Err, "answered before the runtime's deadline")
			require.NotContains(t, rsp.Adjust.Annotations, Prefix+"added", "the empty result")
			ok := Pod("pod-budget2", map[string]string{"adjust": "annotations"})
			rsp, err = rt.CreateContainer(ok, Ctr(ok, "ctr-budget2"))
			require.NoError(t, err)
			require.Equal(t, "yes", rsp.Adjust.Annotations[Prefix+"added"], "still connected and adjusting")
		})

		t.Run("should reject a validation still undecided at its budget", func(t *T) {
			if !HasValidation {
				t.Skipf("%s", noValidation())
			}
			pod := Pod("pod-undecided", map[string]string{"block": "ValidateContainerAdjustment"})
			_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-undecided"))
			require.Error(t, err)
			require.Contains(t, err.Error(), "validator 90-validator did not decide within its time budget")
			v.AwaitHandler(t, "ValidateContainerAdjustment")
			ok := Pod("pod-decided", nil)
			_, err = rt.CreateContainer(ok, Ctr(ok, "ctr-decided"))
			require.NoError(t, err, "the validator is still connected")
			v.AwaitHandler(t, "ValidateContainerAdjustment")
		})
	})

	t.Run("should fail the request at its budget when its policy says so", func(t *T) {
		rt := NewRuntime(t, RuntimeOptions{RequestTimeout: time.Second})
		h.Connect(t, rt, PluginOptions{Name: "strict", Idx: "10", Events: "createcontainer",
			Args: []string{"--budget", "0.5:fail"}})
		pod := Pod("pod-strict-budget", map[string]string{"block": "CreateContainer"})
		_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-strict-budget"))
		require.Error(t, err)
		require.Contains(t, err.Error(), "CreateContainer handler did not finish within its budget")
		ok := Pod("pod-after", map[string]string{"adjust": "annotations"})
		_, err = rt.CreateContainer(ok, Ctr(ok, "ctr-after"))
		require.NoError(t, err, "still connected")
	})
}
