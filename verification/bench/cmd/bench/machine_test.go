package main

import "testing"

func TestCpuModelNamesTheFirstProcessorWithItsFamilyAndClock(t *testing.T) {
	cpuinfo := "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 1\n" +
		"model name\t: AMD EPYC\nstepping\t: 1\ncpu MHz\t\t: 2445.412\n\n" +
		"processor\t: 1\ncpu family\t: 23\nmodel\t\t: 49\nmodel name\t: AMD EPYC 7B12\ncpu MHz\t\t: 2250.000\n"
	if got, want := cpuModel(cpuinfo), "AMD EPYC, family 25 model 1, 2445 MHz"; got != want {
		t.Errorf("cpuModel = %q, want %q", got, want)
	}
}

func TestCpuModelIsTheNameAloneWithoutFamilyOrClock(t *testing.T) {
	if got, want := cpuModel("processor\t: 0\nmodel name\t: Some CPU\n"), "Some CPU"; got != want {
		t.Errorf("cpuModel = %q, want %q", got, want)
	}
	// arm64's cpuinfo names no model.
	if got, want := cpuModel("processor\t: 0\nBogoMIPS\t: 50.00\nCPU implementer\t: 0x41\n"), "unknown CPU"; got != want {
		t.Errorf("cpuModel = %q, want %q", got, want)
	}
}
