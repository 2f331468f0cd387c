package driver

import (
	"os"
	"testing"
	"time"
)

func TestPercentileIsNearestRank(t *testing.T) {
	var samples []time.Duration
	for i := 1000; i >= 1; i-- {
		samples = append(samples, time.Duration(i))
	}
	for q, want := range map[float64]time.Duration{0.5: 500, 0.99: 990, 0.999: 999, 1: 1000, 0: 1} {
		if got := Percentile(samples, q); got != want {
			t.Errorf("p%v = %v, want %v", q*100, got, want)
		}
	}
	if got := Percentile(nil, 0.5); got != 0 {
		t.Errorf("percentile of nothing = %v, want 0", got)
	}
}

func TestProcReadsThisProcess(t *testing.T) {
	m, err := memory(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	if m.RSSKiB <= 0 || m.Threads <= 0 {
		t.Fatalf("memory of this process: %+v", m)
	}
	if _, err := cpuTime(os.Getpid()); err != nil {
		t.Fatal(err)
	}
	if _, err := memory(-1); err == nil {
		t.Fatal("no error for a process that does not exist")
	}
}
