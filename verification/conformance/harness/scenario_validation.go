package harness

import (
	"github.com/stretchr/testify/require"
)

func (h *Harness) validation(t *T) {
	var rt *Runtime
	var v *Plugin
	if HasValidation {
		rt = NewRuntime(t, RuntimeOptions{})
		h.Connect(t, rt, PluginOptions{Name: "adjuster", Idx: "10", Events: "createcontainer"})
		v = h.Connect(t, rt, PluginOptions{Name: "validator", Idx: "90", Events: "validatecontaineradjustment"})
	}
	run := func(name string, f func(t *T)) {
		t.Run(name, func(t *T) {
			if !HasValidation {
				t.Skipf("%s", noValidation())
			}
			f(t)
		})
	}

	run("should accept, seeing the merged adjustment, owners and plugins", func(t *T) {
		pod := Pod("pod-ok", map[string]string{"adjust": "claim-annotation"})
		rsp, err := rt.CreateContainer(pod, Ctr(pod, "ctr-ok"))
		require.NoError(t, err)
		require.Equal(t, "10-adjuster", rsp.Adjust.Annotations[Prefix+"owner"])
		seen := v.AwaitHandler(t, "ValidateContainerAdjustment")
		require.Equal(t, "ctr-ok", seen.Str("container"))
		require.ElementsMatch(t, []string{"10-adjuster", "90-validator"}, seen.Strings("plugins"))
		require.Contains(t, seen.Strings("annotations"), Prefix+"owner")
	})

	run("should reject with a reason naming the owner of the field", func(t *T) {
		pod := Pod("pod-bad", map[string]string{"adjust": "forbidden"})
		_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-bad"))
		require.Error(t, err)
		require.Contains(t, err.Error(), `validator "90-validator" rejected container adjustment`)
		require.Contains(t, err.Error(), "annotation "+Prefix+"forbidden set by 10-adjuster",
			"the owner came from the request's owners")
		v.AwaitHandler(t, "ValidateContainerAdjustment")
	})

	run("should reject when the validator itself fails", func(t *T) {
		pod := Pod("pod-fail", map[string]string{"validate-fail": "true"})
		_, err := rt.CreateContainer(pod, Ctr(pod, "ctr-fail"))
		require.Error(t, err)
		require.Contains(t, err.Error(), "validator 90-validator failed on purpose")
		v.AwaitHandler(t, "ValidateContainerAdjustment")
	})
}

func noValidation() string {
	return "NRI " + NRIVersion() + " has no ValidateContainerAdjustment (added in v0.10.0)"
}
