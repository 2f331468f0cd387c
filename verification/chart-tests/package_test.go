package charttests

import (
	"archive/tar"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestPackage: a team installs the chart from a package (a file, or an OCI registry it was
// pushed to), not from a clone. The package holds the chart and nothing else, carries the
// metadata a registry shows, and lints and renders as the folder does.
func TestPackage(t *testing.T) {
	var pkg string
	dir := t.TempDir() // the package outlives the case that writes it
	check(t, "should package the chart with helm package", func(t *testing.T) {
		// A copy of the folder with leftovers a developer may have beside the chart, which
		// .helmignore keeps out.
		clone := filepath.Join(dir, "clone", "nri-plugin")
		if err := os.CopyFS(clone, os.DirFS(chartDir)); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"nri-plugin-0.0.1.tgz", "values-local.yaml", ".idea/workspace.xml"} {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(clone, f)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(clone, f), []byte("x: 1\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := runHelm("package", clone, "--destination", dir); err != nil {
			t.Fatal(err)
		}
		pkg = filepath.Join(dir, "nri-plugin-0.1.0.tgz")
		if _, err := os.Stat(pkg); err != nil {
			t.Fatal(err)
		}
	})
	if pkg == "" {
		return
	}
	var files map[string][]byte
	check(t, "should hold the chart's own files only", func(t *testing.T) {
		var err error
		if files, err = readPackage(pkg); err != nil {
			t.Fatal(err)
		}
		var names []string
		for name := range files {
			names = append(names, name)
		}
		slices.Sort(names)
		want := []string{"nri-plugin/Chart.yaml", "nri-plugin/README.md", "nri-plugin/dashboards/nri-plugin.json",
			"nri-plugin/templates/NOTES.txt", "nri-plugin/templates/_helpers.tpl", "nri-plugin/templates/configmap.yaml",
			"nri-plugin/templates/daemonset.yaml", "nri-plugin/templates/dashboard.yaml",
			"nri-plugin/templates/podmonitor.yaml", "nri-plugin/templates/prometheusrule.yaml",
			"nri-plugin/templates/service.yaml", "nri-plugin/templates/servicemonitor.yaml",
			"nri-plugin/values.schema.json", "nri-plugin/values.yaml"}
		if !slices.Equal(names, want) {
			t.Errorf("package holds %q, want %q", names, want)
		}
	})
	check(t, "should carry the metadata a registry shows", func(t *testing.T) {
		var chart struct {
			Home        string   `json:"home"`
			Sources     []string `json:"sources"`
			KubeVersion string   `json:"kubeVersion"`
			AppVersion  string   `json:"appVersion"`
			Maintainers []struct {
				Name, URL string
			} `json:"maintainers"`
			Annotations map[string]string `json:"annotations"`
		}
		if err := yaml.Unmarshal(files["nri-plugin/Chart.yaml"], &chart); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(chart.Home, "https://") || len(chart.Sources) == 0 || len(chart.Maintainers) == 0 ||
			chart.Maintainers[0].Name == "" || chart.KubeVersion == "" || chart.AppVersion == "" ||
			chart.Annotations["artifacthub.io/license"] == "" {
			t.Errorf("Chart.yaml in the package: %+v", chart)
		}
	})
	check(t, "should lint the package clean in strict mode", func(t *testing.T) {
		out, err := runHelm("lint", "--strict", "--kube-version", kubeVersion, pkg)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out, "[WARNING]") || strings.Contains(out, "[ERROR]") || !strings.Contains(out, "0 chart(s) failed") {
			t.Errorf("helm lint:\n%s", out)
		}
	})
	check(t, "should render the package as the folder, objects that decode strictly", func(t *testing.T) {
		args := []string{"template", "test", "--namespace", "nri", "--kube-version", kubeVersion, "-f", "values/custom.yaml"}
		fromPackage, err := runHelm(append(args[:2:2], append([]string{pkg}, args[2:]...)...)...)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := decodeStrictly(fromPackage); err != nil {
			t.Fatalf("%v\n%s", err, fromPackage)
		}
		fromFolder, err := runHelm(append(args[:2:2], append([]string{chartDir}, args[2:]...)...)...)
		if err != nil {
			t.Fatal(err)
		}
		if fromPackage != fromFolder {
			t.Errorf("the package renders otherwise than the folder:\n%s\nvs\n%s", fromPackage, fromFolder)
		}
	})
}

// readPackage reads a chart archive: file name to content.
func readPackage(path string) (map[string][]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files, nil
		}
		if err != nil {
			return nil, err
		}
		if files[h.Name], err = io.ReadAll(tr); err != nil {
			return nil, err
		}
	}
}
