#!/bin/sh
# Builds the OCI distribution registry (github.com/distribution/distribution/v3, cmd/registry)
# at one release with `go install` from the Go module proxy, once, into
# $NRI4J_CACHE/registry/<version>/bin (default ~/.cache/nri4j).
set -eu
version=${1:?usage: build-registry.sh <version, e.g. v3.1.2>}
case "$version" in v3.[0-9]*.[0-9]*) ;; *) echo "build-registry.sh: not a distribution v3 version: $version" >&2; exit 2 ;; esac
bin=${NRI4J_CACHE:-$HOME/.cache/nri4j}/registry/$version/bin
if [ -x "$bin/registry" ]; then
  exit 0
fi
echo "building registry $version into $bin" >&2
mkdir -p "$bin"
GOBIN="$bin" CGO_ENABLED=0 go install "github.com/distribution/distribution/v3/cmd/registry@$version"
