package driver

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// Plots writes latency.png, startup.png and rss.png into dir.
func (r *Results) Plots(dir string, plan Plan) error {
	if err := r.latencyPlot(filepath.Join(dir, "latency.png"), plan); err != nil {
		return err
	}
	if err := r.bars(filepath.Join(dir, "startup.png"), "Start-up (median of rounds)", "ms",
		[]string{"spawn → synchronized", "first CreateContainer", "spawn → synced, large state"},
		func(k string) []float64 {
			return []float64{
				ms(r.median(k, func(l LatencyResult) time.Duration { return l.Spawned })),
				ms(r.median(k, func(l LatencyResult) time.Duration { return l.Cold })),
				ms(r.syncMedian(k, func(s SyncResult) time.Duration { return s.Spawned })),
			}
		}); err != nil {
		return err
	}
	return r.bars(filepath.Join(dir, "rss.png"), "Resident set size (median of rounds)", "MiB",
		[]string{fmt.Sprintf("after %d calls", plan.Total()), "after the large Synchronize"},
		func(k string) []float64 {
			return []float64{
				float64(r.median(k, func(l LatencyResult) time.Duration { return time.Duration(l.Memory.RSSKiB) })) / 1024,
				float64(r.syncMedian(k, func(s SyncResult) time.Duration { return time.Duration(s.Memory.RSSKiB) })) / 1024,
			}
		})
}

// latencyPlot draws CreateContainer latency against percentile, on a scale that spreads the
// tail: x is -log10(1-q), so 90, 99 and 99.9 are evenly spaced.
func (r *Results) latencyPlot(path string, plan Plan) error {
	p := plot.New()
	p.Title.Text = fmt.Sprintf("CreateContainer latency after %d calls (all rounds)", plan.LongWarmUp)
	p.X.Label.Text = "percentile"
	p.Y.Label.Text = "µs"
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
	p.X.Tick.Marker = plot.ConstantTicks([]plot.Tick{
		{Value: math.Log10(2), Label: "50"}, {Value: 1, Label: "90"}, {Value: 2, Label: "99"}, {Value: 3, Label: "99.9"}, {Value: 4, Label: "99.99"}})
	for i, k := range r.Kinds {
		samples := r.pooled(k, func(l LatencyResult) []time.Duration { return l.Long.Create })
		if len(samples) == 0 {
			continue
		}
		Percentile(samples, 0.5) // sorts
		var pts plotter.XYs
		for j, s := range samples {
			q := float64(j+1) / float64(len(samples))
			if q >= 1 {
				q = 1 - 0.5/float64(len(samples))
			}
			pts = append(pts, plotter.XY{X: -math.Log10(1 - q), Y: math.Max(us(s), 1)})
		}
		line, err := plotter.NewLine(pts)
		if err != nil {
			return err
		}
		line.Color = plotutil.Color(i)
		line.Width = vg.Points(1.5)
		p.Add(line)
		p.Legend.Add(k, line)
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.Add(plotter.NewGrid())
	return p.Save(18*vg.Centimeter, 11*vg.Centimeter, path)
}

// bars draws one group of bars per label, one bar per kind.
func (r *Results) bars(path, title, unit string, labels []string, values func(kind string) []float64) error {
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = unit
	width := vg.Points(18)
	for i, k := range r.Kinds {
		b, err := plotter.NewBarChart(plotter.Values(values(k)), width)
		if err != nil {
			return err
		}
		b.Color = plotutil.Color(i)
		b.LineStyle.Color = color.Black
		b.Offset = vg.Length(i-len(r.Kinds)/2) * width
		p.Add(b)
		p.Legend.Add(k, b)
		// Values written above the bars: Go's are too short to read off the axis.
		var xys plotter.XYs
		var texts []string
		for j, v := range values(k) {
			xys = append(xys, plotter.XY{X: float64(j), Y: v})
			texts = append(texts, fmt.Sprintf("%.0f", v))
		}
		labels, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: texts})
		if err != nil {
			return err
		}
		labels.Offset = vg.Point{X: b.Offset - width/3, Y: vg.Points(2)}
		p.Add(labels)
	}
	p.Legend.Top, p.Legend.Left = true, true
	// Headroom above the tallest bar for the legend and the values.
	p.Y.Min, p.Y.Max = 0, p.Y.Max*1.35
	p.NominalX(labels...)
	return p.Save(18*vg.Centimeter, 10*vg.Centimeter, path)
}
