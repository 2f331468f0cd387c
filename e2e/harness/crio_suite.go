package harness

import (
	"fmt"
	"os"
	"strings"
)

// RunCRIO starts CRI-O r in a fresh directory with the images copied into its storage, runs
// the scenarios matching filter against it, and stops it and everything it started.
func (s *Suite) RunCRIO(root *T, r Release, filter string) {
	root.Run("crio-"+r.Version, func(t *T) {
		dir := t.TempDir()
		cgroupParent := fmt.Sprintf("/nri4j-e2e-%d-crio-%s", os.Getpid(), strings.ReplaceAll(r.Version, ".", "-"))
		c, err := NewCRIO(r.Version, r.BinDir, s.Debs, dir, cgroupParent)
		if err != nil {
			t.Fatalf("%v", err)
		}
		s.installHelloWorld(t, c.Dir, c.PluginDir)
		for image, name := range map[string]string{s.PauseImage: PauseImage, s.TestImage: TestImage} {
			if err := c.Import(image, name); err != nil {
				t.Fatalf("%v", err)
			}
		}
		t.Cleanup(func() { s.stopCRIO(t, c) })
		if err := c.Start(startTimeout); err != nil {
			t.Fatalf("%v", err)
		}
		for _, sc := range s.scenarios() {
			if filter == "" || strings.Contains(sc.name, filter) {
				t.Run(sc.name, func(t *T) { sc.run(t, c, r) })
			}
		}
	})
}

// stopCRIO removes every pod, stops CRI-O, ends what it left running (conmon, containers,
// launched plugins) and removes the cgroups.
func (s *Suite) stopCRIO(t *T, c *CRIO) {
	if t.Failed() {
		t.Logf("CRI-O %s log:\n%s", c.Version, c.LogTail(40))
	}
	if err := c.RemoveAllPods(); err != nil {
		t.Logf("%v", err)
	}
	c.Stop(stopTimeout)
	c.Close()
	KillOrphans()
	RemoveCgroups(c.CgroupParent)
}
