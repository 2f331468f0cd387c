module github.com/nri4j/nri4j/verification/bench

go 1.24.0

require (
	github.com/containerd/nri v0.12.5
	github.com/containerd/ttrpc v1.2.7
	github.com/nri4j/nri4j/verification/conformance v0.0.0
	github.com/nri4j/nri4j/verification/oci-image v0.0.0
	github.com/sirupsen/logrus v1.9.4
	go.yaml.in/yaml/v3 v3.0.5
	gonum.org/v1/plot v0.17.0
	google.golang.org/protobuf v1.34.1
)

require (
	codeberg.org/go-fonts/liberation v0.5.0 // indirect
	codeberg.org/go-latex/latex v0.2.0 // indirect
	codeberg.org/go-pdf/fpdf v0.11.1 // indirect
	git.sr.ht/~sbinet/gg v0.7.0 // indirect
	github.com/ajstarks/svgo v0.0.0-20211024235047-1546f124cd8b // indirect
	github.com/containerd/log v0.1.0 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/knqyf263/go-plugin v0.9.0 // indirect
	github.com/opencontainers/runtime-spec v1.3.0 // indirect
	github.com/stretchr/testify v1.12.1 // indirect
	github.com/tetratelabs/wazero v1.11.0 // indirect
	golang.org/x/image v0.30.0 // indirect
	golang.org/x/sys v0.39.0 // indirect
	golang.org/x/text v0.28.0 // indirect
	google.golang.org/genproto/googleapis/rpc v0.0.0-20240528184218-531527333157 // indirect
	google.golang.org/grpc v1.65.1 // indirect
)

replace github.com/nri4j/nri4j/verification/conformance => ../conformance

replace github.com/nri4j/nri4j/verification/oci-image => ../oci-image
