package charttests

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation"
)

// TestVersionLabel: app.kubernetes.io/version is the version the pods run, the image's tag
// (else the chart's appVersion), made a valid label value.
func TestVersionLabel(t *testing.T) {
	long := strings.Repeat("1", 70)
	cases := []struct {
		name, tag, want string
	}{
		{"should label the objects with the appVersion when image.tag is empty", "", "0.1.0-SNAPSHOT"},
		{"should label the objects with image.tag", "1.4.2", "1.4.2"},
		{"should turn a tag's '+' into '_' in the label", "1.4.2+build.7", "1.4.2_build.7"},
		{"should turn a digest's '@' and ':' into '_' in the label", "1.4.2@sha256:ab12", "1.4.2_sha256_ab12"},
		{"should cut a long tag to 63 characters in the label", long, long[:63]},
		{"should cut a tag to a letter or digit at both ends in the label", "-rc.1-", "rc.1"},
	}
	for _, tc := range cases {
		check(t, tc.name, func(t *testing.T) {
			manifest, err := runHelm("template", "test", chartDir, "--kube-version", kubeVersion,
				"--set-string", "image.tag="+tc.tag, "--set", "metrics.serviceMonitor.enabled=true")
			if err != nil {
				t.Fatal(err)
			}
			r, err := decodeStrictly(manifest)
			if err != nil {
				t.Fatal(err)
			}
			labels := map[string]map[string]string{
				"ConfigMap": r.configMaps[0].Labels, "DaemonSet": onlyDaemonSet(t, r).Labels,
				"Service": r.services[0].Labels, "ServiceMonitor": r.serviceMonitors[0].Labels,
			}
			for kind, l := range labels {
				got := l["app.kubernetes.io/version"]
				if got != tc.want {
					t.Errorf("%s: app.kubernetes.io/version %q, want %q", kind, got, tc.want)
				}
				if errs := validation.IsValidLabelValue(got); len(errs) > 0 {
					t.Errorf("%s: %q is no label value: %v", kind, got, errs)
				}
			}
		})
	}
}
