package main

import (
	"strings"
	"testing"
)

func TestOnlyTheSpringPluginTrainsToItsRefreshedContext(t *testing.T) {
	if err := checkTraining("Spring", "refresh"); err != nil {
		t.Errorf("Spring, refresh: %v", err)
	}
	for _, kind := range []string{"nri-core", "Spring"} {
		if err := checkTraining(kind, "calls"); err != nil {
			t.Errorf("%s, calls: %v", kind, err)
		}
	}
	err := checkTraining("nri-core", "refresh")
	if err == nil || !strings.Contains(err.Error(), "nri-core has no refreshed context") {
		t.Errorf("nri-core, refresh: %v, want an error naming nri-core", err)
	}
}

func TestAnUnknownTrainingIsRefusedWithTheKnownOnes(t *testing.T) {
	err := checkTraining("Spring", "warm")
	if err == nil || !strings.Contains(err.Error(), `"warm": calls or refresh`) {
		t.Errorf("warm: %v", err)
	}
}

func TestTheTrainingIsNamedInTheResults(t *testing.T) {
	if got := trainingSays("calls", 2000); got != "trained with 2000 calls from a runtime" {
		t.Errorf("calls: %q", got)
	}
	if got := trainingSays("refresh", 2000); !strings.Contains(got, "-Dspring.context.exit=onRefresh") {
		t.Errorf("refresh: %q", got)
	}
}
