package harness

// RunCRIO starts CRI-O r in a fresh directory with the images copied into its storage, runs
// the scenarios matching filter against it, and stops it and everything it started.
func (s *Suite) RunCRIO(root *T, r Release, filter string) {
	root.Run("crio-"+r.Version, func(t *T) {
		c, err := NewCRIO(r.Version, r.BinDir, s.Debs, t.TempDir(), s.cgroupParent("crio-"+r.Version))
		if err != nil {
			t.Fatalf("%v", err)
		}
		s.runOn(t, c, r, filter, c.PluginDir, func() error {
			for image, name := range map[string]string{s.PauseImage: PauseImage, s.TestImage: TestImage} {
				if err := c.Import(image, name); err != nil {
					return err
				}
			}
			return nil
		}, nil)
	})
}
