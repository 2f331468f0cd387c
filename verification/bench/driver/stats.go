package driver

import (
	"sort"
	"time"
)

// Percentile is the q-quantile (0..1) of samples, nearest rank; samples get sorted.
func Percentile(samples []time.Duration, q float64) time.Duration {
	if len(samples) == 0 {
		return 0
	}
	sort.Slice(samples, func(i, j int) bool { return samples[i] < samples[j] })
	i := int(q*float64(len(samples))+0.5) - 1
	if i < 0 {
		i = 0
	}
	if i >= len(samples) {
		i = len(samples) - 1
	}
	return samples[i]
}

// Median of a few figures, one per round.
func Median(values []time.Duration) time.Duration {
	return Percentile(append([]time.Duration(nil), values...), 0.5)
}

func medianInt(values []int64) int64 {
	d := make([]time.Duration, len(values))
	for i, v := range values {
		d[i] = time.Duration(v)
	}
	return int64(Median(d))
}
