package harness

import (
	"io"

	"github.com/stretchr/testify/require"
)

// HelloWorld is sample-plugins/hello-world, as the README shows it.
var HelloWorld = Sample{FullName: "50-hello-world", MainClass: "io.nri4j.samples.hello.HelloWorldPlugin"}

func (h *Harness) samples(t *T) {
	t.Run("should run the hello-world sample as a runtime-launched plugin", func(t *T) {
		require.NotEmpty(t, h.Samples, "no sample classpath given (-samples-classpath)")
		s := HelloWorld
		s.Classpath = h.Samples
		rsp := h.RunSample(t, s, io.Discard)
		require.Equal(t, "hello, app", rsp.Adjust.Annotations["hello.nri4j.io/greeting"])
		require.Len(t, rsp.Adjust.Env, 1)
		require.Equal(t, "HELLO", rsp.Adjust.Env[0].Key)
		require.Equal(t, "world", rsp.Adjust.Env[0].Value)
	})
}
