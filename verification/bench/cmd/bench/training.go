package main

import (
	"fmt"

	"github.com/nri4j/nri4j/verification/bench/driver"
)

// checkTraining says whether the plugin named kind can be trained so: to its refreshed context only
// the Spring plugin, which has one.
func checkTraining(kind, training string) error {
	switch {
	case training == driver.TrainWithCalls:
		return nil
	case training != driver.TrainToRefresh:
		return fmt.Errorf("training %q: calls or refresh", training)
	case kind != "Spring":
		return fmt.Errorf("training %q: %s has no refreshed context to train to, only the Spring plugin has", training, kind)
	}
	return nil
}

// trainingSays is how results.md names a kind's training run.
func trainingSays(training string, calls int) string {
	if training == driver.TrainToRefresh {
		return "trained up to its refreshed context (-Dspring.context.exit=onRefresh), as an image build trains it"
	}
	return fmt.Sprintf("trained with %d calls from a runtime", calls)
}
