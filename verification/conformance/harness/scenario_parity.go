package harness

import (
	"errors"
	"os"
	"reflect"
	"sort"

	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
)

// parity feeds each sample the table its upstream namesake was recorded with, and compares what
// the runtime made of both plugins' answers: the same merged adjustment, or a refusal of the
// same container. The outcomes must have been recorded with the newest library, which the
// harness built without tags has; older harnesses skip it.
func (h *Harness) parity(t *T) {
	plugins := make([]string, 0, len(ParityTables))
	for p := range ParityTables {
		plugins = append(plugins, p)
	}
	sort.Strings(plugins)
	for _, plugin := range plugins {
		t.Run(plugin, func(t *T) {
			golden, err := ReadGolden(GoldenPath(h.ParityDir, plugin))
			require.NoError(t, err, "upstream's recorded outcomes")
			var recorded []ParityCase
			for _, o := range golden.Outcomes {
				recorded = append(recorded, o.Case)
			}
			require.True(t, reflect.DeepEqual(recorded, ParityTables[plugin]),
				"the table changed since upstream's outcomes were recorded: record them again (cmd/parity)")
			if golden.Library != NRIVersion() {
				if NewestLibrary {
					t.Fatalf("upstream's outcomes were recorded with NRI %s, but this harness is built with the newest "+
						"library, %s: record them again with it (go run ./cmd/parity, as verification/conformance/parity/README.md says)",
						golden.Library, NRIVersion())
				}
				t.Skipf("upstream's outcomes were merged by the NRI %s library, this older harness has %s",
					golden.Library, NRIVersion())
			}
			t.Run("should have been recorded from upstream's "+plugin+" built with this library", func(t *T) {
				version, sum := Library()
				err := CheckProvenance(golden, version, sum)
				var gap *GapError
				if errors.As(err, &gap) {
					t.Skipf("%v", gap)
				}
				require.NoError(t, err)
			})
			jar := h.ParityJars[plugin]
			require.NotEmpty(t, jar, "no jar of the %s sample given (-parity-jars)", plugin)
			_, err = os.Stat(jar)
			require.NoError(t, err, "the %s sample's jar", plugin)

			rt := NewRuntime(t, RuntimeOptions{})
			// Tomcat makes its base and document root in java.io.tmpdir, and the plugin is killed
			// at the end, before its shutdown hook could remove them: a directory of the test's,
			// removed after the kill, takes them.
			argv := append(append([]string{h.Java.Binary}, h.Java.JVMArgs...), "-Djava.io.tmpdir="+t.TempDir(),
				"-jar", jar, "--nri.socket-path={socket}", "--server.port=0", "--nri.instances.directory="+t.TempDir())
			h.StartCommand(t, rt, plugin, argv)
			rt.AwaitSynced(t, ParityStartup)

			for _, want := range golden.Outcomes {
				t.Run("should answer as upstream's "+plugin+": "+want.Case.Name, func(t *T) {
					got := want.Case.Create(rt)
					if want.Refused {
						require.True(t, got.Refused, "upstream refused the container (%s); the sample's answer: %s",
							want.Error, got.Response)
						return
					}
					require.False(t, got.Refused, "upstream's answer: %s; the sample refused: %s", want.Response, got.Error)
					wantRsp, err := want.Decode()
					require.NoError(t, err)
					gotRsp, err := got.Decode()
					require.NoError(t, err)
					withoutMarker(gotRsp)
					require.True(t, proto.Equal(wantRsp, gotRsp), "upstream's answer:\n%s\nthe sample's:\n%s",
						pretty(wantRsp), pretty(gotRsp))
				})
			}
		})
	}
}

func pretty(m proto.Message) string {
	return protojson.MarshalOptions{Multiline: true}.Format(m)
}
