module github.com/nri4j/nri4j/verification/e2e

go 1.25.0

require (
	github.com/nri4j/nri4j/verification/conformance v0.0.0
	github.com/opencontainers/runtime-spec v1.3.0
	go.opentelemetry.io/proto/otlp v1.10.0
	google.golang.org/grpc v1.82.1
	google.golang.org/protobuf v1.36.12-0.20260120151049-f2248ac996af
	k8s.io/cri-api v0.34.0
	sigs.k8s.io/yaml v1.6.0
)

require (
	github.com/grpc-ecosystem/grpc-gateway/v2 v2.28.0 // indirect
	github.com/kr/text v0.2.0 // indirect
	go.yaml.in/yaml/v2 v2.4.2 // indirect
	golang.org/x/net v0.57.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/text v0.40.0 // indirect
	google.golang.org/genproto/googleapis/api v0.0.0-20260414002931-afd174a4e478 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20260526163538-3dc84a4a5aaa // indirect
)

// The case runner is shared with the conformance harness.
replace github.com/nri4j/nri4j/verification/conformance => ../conformance
