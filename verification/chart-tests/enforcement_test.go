package charttests

import (
	"testing"
)

// TestEnforcement: the ledger is a host path that survives reboots, mounted where
// nri.enforcement.directory points; stopping escaped containers takes the host's PID namespace
// and CAP_KILL, and only then.
func TestEnforcement(t *testing.T) {
	cases := []struct {
		name    string
		args    []string
		enabled bool
		ledger  string
		evict   bool
	}{
		{"with the default values", nil, true, "/var/lib/nri4j", false},
		{"with enforcement off", []string{"--set", "enforcement.enabled=false"}, false, "/var/lib/nri4j", false},
		{"with another ledger directory", []string{"--set", "enforcement.hostPath=/srv/nri4j"}, true, "/srv/nri4j", false},
		{"with evictions", []string{"--set", "enforcement.evict=true"}, true, "/var/lib/nri4j", true},
	}
	for _, tc := range cases {
		r := render(t, "should render objects that decode strictly "+tc.name, tc.args...)
		if r == nil {
			continue
		}
		ds := onlyDaemonSet(t, r)
		config := applicationYAML(t, r)
		pod := ds.Spec.Template.Spec
		check(t, "should point nri.enforcement at the ledger "+tc.name, func(t *testing.T) {
			if got := at(config, "nri", "enforcement", "enabled"); got != tc.enabled {
				t.Errorf("nri.enforcement.enabled = %#v, want %v", got, tc.enabled)
			}
			if got := at(config, "nri", "enforcement", "directory"); got != tc.ledger {
				t.Errorf("nri.enforcement.directory = %#v, want %q", got, tc.ledger)
			}
		})
		check(t, "should mount the ledger's host path writable at the same path "+tc.name, func(t *testing.T) {
			var found bool
			for _, v := range pod.Volumes {
				if v.Name == "ledger" {
					found = v.HostPath != nil && v.HostPath.Path == tc.ledger
				}
			}
			if !found {
				t.Errorf("no hostPath volume \"ledger\" at %s in %+v", tc.ledger, pod.Volumes)
			}
			for _, m := range pod.Containers[0].VolumeMounts {
				if m.Name == "ledger" && (m.MountPath != tc.ledger || m.ReadOnly) {
					t.Errorf("ledger mounted at %s read-only %v, want %s writable", m.MountPath, m.ReadOnly, tc.ledger)
				}
			}
		})
		check(t, "should join the host's PID namespace with CAP_KILL only for evictions "+tc.name, func(t *testing.T) {
			caps := pod.Containers[0].SecurityContext.Capabilities
			killing := len(caps.Add) == 1 && caps.Add[0] == "KILL"
			if pod.HostPID != tc.evict || killing != tc.evict || (!tc.evict && len(caps.Add) != 0) {
				t.Errorf("hostPID %v, capabilities add %v; want hostPID and [KILL] = %v", pod.HostPID, caps.Add, tc.evict)
			}
			if len(caps.Drop) != 1 || caps.Drop[0] != "ALL" {
				t.Errorf("capabilities drop %v, want [ALL]", caps.Drop)
			}
		})
	}
}
