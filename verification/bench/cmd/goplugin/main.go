// Command goplugin is the benchmark's Go peer on the upstream stub (pkg/stub): the same work as
// the nri-core and Spring plugins, so that their figures can be read as ratios to it.
package main

import (
	"context"
	"fmt"
	"os"
	"sync/atomic"

	"github.com/containerd/nri/pkg/api"
	"github.com/containerd/nri/pkg/stub"
)

type plugin struct{ started atomic.Int64 }

// CreateContainer adds an annotation and an environment variable.
func (p *plugin) CreateContainer(_ context.Context, _ *api.PodSandbox, ctr *api.Container) (*api.ContainerAdjustment, []*api.ContainerUpdate, error) {
	adjust := &api.ContainerAdjustment{}
	adjust.AddAnnotation("bench.nri4j.io/greeting", "hello, "+ctr.Name)
	adjust.AddEnv("BENCH", "1")
	return adjust, nil, nil
}

// StartContainer is counted, nothing more.
func (p *plugin) StartContainer(context.Context, *api.PodSandbox, *api.Container) error {
	p.started.Add(1)
	return nil
}

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: goplugin <socket>")
		os.Exit(64)
	}
	s, err := stub.New(&plugin{}, stub.WithPluginName("bench"), stub.WithPluginIdx("50"),
		stub.WithSocketPath(os.Args[1]))
	if err != nil {
		fmt.Fprintln(os.Stderr, "goplugin:", err)
		os.Exit(1)
	}
	if err := s.Run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "goplugin:", err)
		os.Exit(1)
	}
}
