package harness

// The releases the drivers build and run unless told otherwise: cmd/e2e's, cmd/helm-e2e's and
// cmd/prebuild's defaults, so that a build ahead of time is the one the suites look for. The
// Maven build passes its own (e2e.releases, e2e.crio in the root pom) to both.
const (
	DefaultContainerdReleases = "v2.1.9,v2.2.0,v2.3.7,v2.4.2" // cmd/e2e
	DefaultCRIOReleases       = "v1.34.0"                     // cmd/e2e
	DefaultNodeContainerd     = "v2.4.2"                      // the node of cmd/helm-e2e
	DefaultKubernetes         = "v1.34.4"
	DefaultEtcd               = "v3.6.16"
	DefaultHelm               = "v3.22.0"
	DefaultRegistry           = "v3.1.2"   // the quickstart's OCI registry (distribution)
	DefaultPrometheus         = "v0.316.0" // the Go module's numbering: Prometheus 3.16.0
)
