package harness

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestChartJVMIsTheChartsOptionsAndItsMemoryLimit(t *testing.T) {
	values := "../" + ChartValues // tests run in harness/
	jvm, err := ChartJVM(values)
	require.NoError(t, err)
	options, err := ChartJVMOptions(values)
	require.NoError(t, err)
	require.Contains(t, options, "-XX:+UseSerialGC")
	require.Equal(t, append(options, "-XX:MaxRAM=384m"), jvm)
}
