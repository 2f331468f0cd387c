package harness

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/nri4j/nri4j/verification/conformance/cases"
)

// RunInside runs this program again under `unshare <flags> --`, with `-inner <dir>/config.json`
// holding cfg, and returns the summary the inner run saved (SaveSummary) and how it ended. The
// cases run inside, where the namespaces' mounts exist; the driver outside only reports.
func RunInside(dir string, unshare []string, cfg any) (*Summary, error) {
	cfgFile := filepath.Join(dir, "config.json")
	os.Remove(summaryFile(cfgFile))
	data, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(cfgFile, data, 0o644); err != nil {
		return nil, err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("unshare", append(append(unshare, "--", self, "-inner"), cfgFile)...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	runErr := cmd.Run()
	var s Summary
	data, err = os.ReadFile(summaryFile(cfgFile))
	if err == nil {
		err = json.Unmarshal(data, &s)
	}
	if err != nil {
		return nil, runErr
	}
	return &s, runErr
}

// LoadInside reads, in the inner run, the configuration RunInside handed over.
func LoadInside(cfgFile string, cfg any) error {
	data, err := os.ReadFile(cfgFile)
	if err != nil {
		return err
	}
	return json.Unmarshal(data, cfg)
}

// SaveSummary writes, in the inner run, the counts RunInside returns, and the set-up step
// that failed (FailSetUp), if one did.
func SaveSummary(cfgFile string, r *cases.Report, setUp error) error {
	s := Summary{Summary: cases.Summary{Passed: r.Passed, Failed: r.Failed, Skipped: r.Skipped, Failures: r.Failures}}
	if setUp != nil {
		s.SetUp = setUp.Error()
	}
	data, _ := json.Marshal(s)
	return os.WriteFile(summaryFile(cfgFile), data, 0o644)
}

func summaryFile(cfgFile string) string {
	return filepath.Join(filepath.Dir(cfgFile), "summary.json")
}
