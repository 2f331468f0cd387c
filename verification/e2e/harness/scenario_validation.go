package harness

import (
	"strings"
)

// validation: the policy-validator sample refuses a container whose pod requires a plugin that
// does not run; the CRI call fails with its reason.
func (s *Suite) validation(t *T, c Runtime, r Release) {
	if !AtLeast(r.NRI, "v0.10.0") {
		t.Skipf("%s embeds NRI %s: container adjustment validation came with NRI v0.10.0", c.Name(), r.NRI)
	}
	startPlugin(t, s, c, "policy-validator", s.ValidatorJar)
	t.Run("should let a container the policy allows be created", func(t *T) {
		runPod(t, c, "allowed", nil)
	})
	t.Run("should fail CreateContainer with the validator's reason", func(t *T) {
		pod, err := c.RunPod("needs-gpu", map[string]string{"required-plugins.noderesource.dev": "- gpu"})
		if err != nil {
			t.Fatalf("RunPodSandbox: %v", err)
		}
		t.Cleanup(func() { pod.Remove() })
		id, err := pod.CreateContainer("app", "/bin/sleep", "3600")
		if err == nil {
			t.Fatalf("CreateContainer succeeded (container %s), want the validator's rejection", id)
		}
		for _, want := range []string{"90-policy-validator", "plugin gpu is not running"} {
			if !strings.Contains(err.Error(), want) {
				t.Fatalf("CreateContainer failed without %q: %v", want, err)
			}
		}
		t.Logf("%v", err)
	})
}
