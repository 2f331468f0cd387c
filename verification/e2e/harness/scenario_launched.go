package harness

// launched: containerd starts hello-world from its plugin directory and waits for it to
// register before it serves CRI, so the first container is already adjusted.
func (s *Suite) launched(t *T, c Runtime, r Release) {
	pod, id := runPod(t, c, "launched", nil)
	spec := specOf(t, c, id)
	t.Run("should adjust a container created through CRI", func(t *T) {
		if got := spec.Annotations["hello.nri4j.io/greeting"]; got != "hello, app" {
			t.Fatalf("annotation hello.nri4j.io/greeting = %q, want %q (pod %s)", got, "hello, app", pod.Name())
		}
		requireEnv(t, spec, "HELLO=world")
	})
	t.Run("should have its env variable seen inside the running container", func(t *T) {
		requireContains(t, execIn(t, c, id, "env"), "HELLO=world")
	})
}
