package driver

import (
	"time"

	"github.com/nri4j/nri4j/verification/conformance/harness"
)

// Start spawns a fresh process of kind and stops it once it is synchronized: spawn →
// synchronized alone, for an A/B of the start-up with more processes than latency rounds allow.
func Start(kind Kind, out string, round int) (time.Duration, error) {
	s, err := spawn(kind, harness.RuntimeOptions{}, logFile(out, kind.Name, "start", round), 60*time.Second)
	if err != nil {
		return 0, err
	}
	s.close()
	return s.Spawned, nil
}
