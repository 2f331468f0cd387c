module github.com/nri4j/nri4j/verification/oci-image

go 1.24.0
