package cases

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/require"
)

// run runs f as the one case of a fresh report and returns the report and what it printed.
func run(f func(t *T)) (*Report, string) {
	var out bytes.Buffer
	r := &Report{Out: &out}
	NewRoot("root", r).Run("case", f)
	return r, out.String()
}

func requireCounts(t *testing.T, r *Report, passed, failed, skipped int) {
	t.Helper()
	require.Equal(t, []int{passed, failed, skipped}, []int{r.Passed, r.Failed, r.Skipped},
		"passed, failed, skipped")
}

func TestOutcomes(t *testing.T) {
	t.Run("should count a case that failed and then skipped as failed", func(t *testing.T) {
		r, out := run(func(t *T) {
			t.Errorf("broken")
			t.Skipf("not for this library")
		})
		requireCounts(t, r, 0, 1, 0)
		require.Equal(t, []string{"root/case"}, r.Failures)
		require.Contains(t, out, "--- FAIL: root/case")
		require.Contains(t, out, "broken")
	})

	t.Run("should count a case that called Fatalf and whose cleanup skipped as failed", func(t *testing.T) {
		r, out := run(func(t *T) {
			t.Cleanup(func() { t.Skipf("cleanup skipped") })
			t.Fatalf("fatal")
		})
		requireCounts(t, r, 0, 1, 0)
		require.Contains(t, out, "--- FAIL: root/case")
	})

	t.Run("should count a case that skipped and whose cleanup failed as failed", func(t *testing.T) {
		r, _ := run(func(t *T) {
			t.Cleanup(func() { t.Fatalf("cleanup failed") })
			t.Skipf("skipped first")
		})
		requireCounts(t, r, 0, 1, 0)
	})

	t.Run("should count a case that only skipped as skipped, with its reason", func(t *testing.T) {
		r, out := run(func(t *T) { t.Skipf("NRI v0.8.0 has no %s", "validation") })
		requireCounts(t, r, 0, 0, 1)
		require.Contains(t, out, "--- SKIP: root/case (NRI v0.8.0 has no validation)")
	})

	t.Run("should count a case that returned as passed", func(t *testing.T) {
		r, out := run(func(t *T) {})
		requireCounts(t, r, 1, 0, 0)
		require.Contains(t, out, "--- PASS: root/case")
	})

	t.Run("should fail a group whose sub-case failed then skipped, and count only the sub-case", func(t *testing.T) {
		var out bytes.Buffer
		r := &Report{Out: &out}
		passed := NewRoot("root", r).Run("group", func(t *T) {
			t.Run("sub", func(t *T) {
				t.Errorf("broken")
				t.Skipf("then skipped")
			})
		})
		require.False(t, passed)
		requireCounts(t, r, 0, 1, 0)
		require.Equal(t, []string{"root/group/sub"}, r.Failures)
	})
}

func TestCleanups(t *testing.T) {
	t.Run("should run every cleanup, last first, when one of them ends its goroutine", func(t *testing.T) {
		var ran []string
		r, _ := run(func(t *T) {
			t.Cleanup(func() { ran = append(ran, "first") })
			t.Cleanup(func() { t.Fatalf("second fails") })
			t.Cleanup(func() { ran = append(ran, "third") })
		})
		require.Equal(t, []string{"third", "first"}, ran)
		requireCounts(t, r, 0, 1, 0)
	})

	t.Run("should fail a case whose cleanup panics, and run the other cleanups", func(t *testing.T) {
		ran := false
		r, out := run(func(t *T) {
			t.Cleanup(func() { ran = true })
			t.Cleanup(func() { panic("boom") })
		})
		require.True(t, ran)
		requireCounts(t, r, 0, 1, 0)
		require.Contains(t, out, "panic in a cleanup: boom")
	})
}
