package driver

import "time"

// Results gathers every round's figures per kind, in the order kinds were given.
type Results struct {
	Kinds   []string
	Latency map[string][]LatencyResult
	Sync    map[string][]SyncResult
}

// NewResults is empty results for kinds.
func NewResults(kinds []string) *Results {
	return &Results{Kinds: kinds, Latency: map[string][]LatencyResult{}, Sync: map[string][]SyncResult{}}
}

// pooled joins one window's samples over all rounds.
func (r *Results) pooled(kind string, pick func(LatencyResult) []time.Duration) []time.Duration {
	var all []time.Duration
	for _, l := range r.Latency[kind] {
		all = append(all, pick(l)...)
	}
	return all
}

// median of one figure over the rounds.
func (r *Results) median(kind string, pick func(LatencyResult) time.Duration) time.Duration {
	var v []time.Duration
	for _, l := range r.Latency[kind] {
		v = append(v, pick(l))
	}
	return Median(v)
}

func (r *Results) syncMedian(kind string, pick func(SyncResult) time.Duration) time.Duration {
	var v []time.Duration
	for _, s := range r.Sync[kind] {
		v = append(v, pick(s))
	}
	return Median(v)
}

// idleMeasured says whether the run read its plugins' memory after their idle time too (runs
// saved before it did not).
func (r *Results) idleMeasured() bool {
	for _, ls := range r.Latency {
		for _, l := range ls {
			if l.AfterIdle.RSSKiB > 0 {
				return true
			}
		}
	}
	return false
}
