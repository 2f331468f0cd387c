package driver

import (
	"fmt"
	"strings"
	"time"
)

// row is one line of the table: a figure per kind, lower is better.
type row struct {
	name   string
	values map[string]float64
	format func(float64) string
}

func micros(v float64) string { return fmt.Sprintf("%.0f µs", v) }
func millis(v float64) string { return fmt.Sprintf("%.1f ms", v) }
func mib(v float64) string    { return fmt.Sprintf("%.1f MiB", v) }
func count(v float64) string  { return fmt.Sprintf("%.0f", v) }

func us(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

var quantiles = []struct {
	q     float64
	label string
}{{0.5, "p50"}, {0.99, "p99"}, {0.999, "p99.9"}}

func (r *Results) rows(plan Plan) []row {
	var rows []row
	add := func(name string, format func(float64) string, f func(kind string) float64) {
		v := map[string]float64{}
		for _, k := range r.Kinds {
			v[k] = f(k)
		}
		rows = append(rows, row{name, v, format})
	}
	add("spawn → synchronized (median)", millis, func(k string) float64 {
		return ms(r.median(k, func(l LatencyResult) time.Duration { return l.Spawned }))
	})
	add("first CreateContainer after sync (median)", millis, func(k string) float64 {
		return ms(r.median(k, func(l LatencyResult) time.Duration { return l.Cold }))
	})
	windows := []struct {
		label string
		pick  func(LatencyResult) Window
	}{
		{fmt.Sprintf("after %d", plan.ShortWarmUp), func(l LatencyResult) Window { return l.Short }},
		{fmt.Sprintf("after %d", plan.LongWarmUp), func(l LatencyResult) Window { return l.Long }},
	}
	for _, w := range windows {
		for _, call := range []string{"CreateContainer", "StartContainer"} {
			for _, p := range quantiles {
				w, call, q := w, call, p.q
				add(fmt.Sprintf("%s %s, %s", call, p.label, w.label), micros, func(k string) float64 {
					return us(Percentile(r.pooled(k, func(l LatencyResult) []time.Duration {
						if call == "CreateContainer" {
							return w.pick(l).Create
						}
						return w.pick(l).Start
					}), q))
				})
			}
		}
		w := w
		add("plugin CPU per call, "+w.label, micros, func(k string) float64 {
			return us(r.median(k, func(l LatencyResult) time.Duration { return w.pick(l).CPUPerCall }))
		})
	}
	total := plan.Total()
	add(fmt.Sprintf("RSS after %d CreateContainer + %d StartContainer", total, total), mib, func(k string) float64 {
		return float64(r.median(k, func(l LatencyResult) time.Duration { return time.Duration(l.Memory.RSSKiB) })) / 1024
	})
	if r.idleMeasured() {
		add(fmt.Sprintf("RSS %s later, without calls", plan.Idle), mib, func(k string) float64 {
			return float64(r.median(k, func(l LatencyResult) time.Duration { return time.Duration(l.AfterIdle.RSSKiB) })) / 1024
		})
	}
	add("threads after them", count, func(k string) float64 {
		return float64(r.median(k, func(l LatencyResult) time.Duration { return time.Duration(l.Memory.Threads) }))
	})
	if len(r.Sync) > 0 {
		add("split Synchronize, fresh process", millis, func(k string) float64 {
			return ms(r.syncMedian(k, func(s SyncResult) time.Duration { return s.Took }))
		})
		add("spawn → synchronized with that state", millis, func(k string) float64 {
			return ms(r.syncMedian(k, func(s SyncResult) time.Duration { return s.Spawned }))
		})
		add("RSS after that Synchronize", mib, func(k string) float64 {
			return float64(r.syncMedian(k, func(s SyncResult) time.Duration { return time.Duration(s.Memory.RSSKiB) })) / 1024
		})
	}
	return rows
}

// Table is the results as markdown, with each kind's ratio to the first kind (Go).
func (r *Results) Table(plan Plan) string {
	var sb strings.Builder
	base := r.Kinds[0]
	sb.WriteString("| figure |")
	for _, k := range r.Kinds {
		sb.WriteString(" " + k + " |")
	}
	for _, k := range r.Kinds[1:] {
		sb.WriteString(" " + k + " / " + base + " |")
	}
	sb.WriteString("\n|---|" + strings.Repeat("---:|", 2*len(r.Kinds)-1) + "\n")
	for _, row := range r.rows(plan) {
		sb.WriteString("| " + row.name + " |")
		for _, k := range r.Kinds {
			sb.WriteString(" " + row.format(row.values[k]) + " |")
		}
		for _, k := range r.Kinds[1:] {
			if row.values[base] > 0 {
				sb.WriteString(fmt.Sprintf(" %.2f× |", row.values[k]/row.values[base]))
			} else {
				sb.WriteString(" – |")
			}
		}
		sb.WriteString("\n")
	}
	return sb.String()
}
