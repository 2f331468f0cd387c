package charttests

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// quoteHint is what every refused plugin.index must say: how to give it so that it is taken.
var quoteHint = []string{"--set-string plugin.index=07", `index: "07"`}

// TestPluginIndex: the runtime wants two digits. Helm hands the chart a number for
// --set plugin.index=7 (int64) and for index: 7 in a values file (float64, and YAML reads 07 as 7
// too); an integer 0 to 99 is unambiguous and becomes its two digits, anything else is refused
// with how to quote it.
func TestPluginIndex(t *testing.T) {
	// Under the test's own directory: helm splits -f at commas, which subtests' names hold.
	dir := t.TempDir()
	valuesFile := func(t *testing.T, index string) []string {
		f := filepath.Join(dir, "index-"+strings.ReplaceAll(index, `"`, "q")+".yaml")
		if err := os.WriteFile(f, []byte("plugin:\n  index: "+index+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return []string{"-f", f}
	}
	accepted := []struct {
		name string
		args func(t *testing.T) []string
		want string
	}{
		{"should take --set plugin.index=45, an int64, as \"45\"", func(*testing.T) []string { return []string{"--set", "plugin.index=45"} }, "45"},
		{"should take --set plugin.index=7, an int64, as \"07\"", func(*testing.T) []string { return []string{"--set", "plugin.index=7"} }, "07"},
		{"should take --set plugin.index=0 as \"00\"", func(*testing.T) []string { return []string{"--set", "plugin.index=0"} }, "00"},
		{"should take --set plugin.index=07, which helm keeps a string, as \"07\"", func(*testing.T) []string { return []string{"--set", "plugin.index=07"} }, "07"},
		{"should take --set-json plugin.index=99, a float64, as \"99\"", func(*testing.T) []string { return []string{"--set-json", "plugin.index=99"} }, "99"},
		{"should take index: 07 in a values file, which YAML reads as 7, as \"07\"", func(t *testing.T) []string { return valuesFile(t, "07") }, "07"},
		{"should take index: 45 in a values file, a float64, as \"45\"", func(t *testing.T) []string { return valuesFile(t, "45") }, "45"},
		{"should take index: 9.0 in a values file as \"09\"", func(t *testing.T) []string { return valuesFile(t, "9.0") }, "09"},
		{"should take index: \"07\" in a values file as it is", func(t *testing.T) []string { return valuesFile(t, `"07"`) }, "07"},
	}
	for _, tc := range accepted {
		check(t, tc.name, func(t *testing.T) {
			manifest, err := runHelm(append([]string{"template", "test", chartDir, "--kube-version", kubeVersion}, tc.args(t)...)...)
			if err != nil {
				t.Fatal(err)
			}
			r, err := decodeStrictly(manifest)
			if err != nil {
				t.Fatal(err)
			}
			if got := at(applicationYAML(t, r), "nri", "plugin", "index"); got != tc.want {
				t.Errorf("nri.plugin.index = %#v, want %q", got, tc.want)
			}
		})
	}

	refused := []struct {
		name string
		args func(t *testing.T) []string
		want []string
	}{
		{"should refuse --set plugin.index=100, an int64 out of range, saying how to quote it",
			func(*testing.T) []string { return []string{"--set", "plugin.index=100"} }, []string{"plugin.index 100 is not a plugin index"}},
		{"should refuse --set plugin.index=-1, saying how to quote it",
			func(*testing.T) []string { return []string{"--set", "plugin.index=-1"} }, []string{"plugin.index -1 is not a plugin index"}},
		{"should refuse index: 7.5 in a values file, a float64 no integer, saying how to quote it",
			func(t *testing.T) []string { return valuesFile(t, "7.5") }, []string{"plugin.index 7.5 is not a plugin index"}},
		{"should refuse index: 100 in a values file, saying how to quote it",
			func(t *testing.T) []string { return valuesFile(t, "100") }, []string{"plugin.index 100 is not a plugin index"}},
		{"should refuse a one-digit string, saying how to quote it",
			func(*testing.T) []string { return []string{"--set-string", "plugin.index=7"} }, []string{`plugin.index "7" is not two digits`}},
		{"should refuse a non-numeric string, saying how to quote it",
			func(*testing.T) []string { return []string{"--set-string", "plugin.index=abc"} }, []string{`plugin.index "abc" is not two digits`}},
		{"should refuse a three-digit string, saying how to quote it",
			func(*testing.T) []string { return []string{"--set-string", "plugin.index=100"} }, []string{`plugin.index "100" is not two digits`}},
	}
	for _, tc := range refused {
		check(t, tc.name, func(t *testing.T) {
			out, err := runHelm(append([]string{"template", "test", chartDir, "--kube-version", kubeVersion}, tc.args(t)...)...)
			if err == nil {
				t.Fatalf("rendered:\n%s", out)
			}
			for _, want := range append(tc.want, quoteHint...) {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error does not say %q:\n%v", want, err)
				}
			}
		})
	}
	check(t, "should refuse a boolean index in the schema", func(t *testing.T) {
		out, err := runHelm("template", "test", chartDir, "--kube-version", kubeVersion, "--set", "plugin.index=true")
		if err == nil {
			t.Fatalf("rendered:\n%s", out)
		}
		if want := "at '/plugin/index': got boolean, want number or string"; !strings.Contains(err.Error(), want) {
			t.Errorf("error does not say %q:\n%v", want, err)
		}
	})
}
