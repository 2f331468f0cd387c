#!/bin/sh
# Builds the Prometheus server (github.com/prometheus/prometheus, cmd/prometheus) at one release
# with `go install` from the Go module proxy, once, into $NRI4J_CACHE/prometheus/<version>/bin
# (default ~/.cache/nri4j). The Go module numbers Prometheus 3.x as v0.3xx: v0.316.0 is 3.16.0.
# Of the service discoveries only Kubernetes's (-tags remove_all_sd,enable_kubernetes_sd: no
# cloud SDKs), and no web UI assets (no builtinassets tag): the HTTP API is all the node needs.
set -eu
version=${1:?usage: build-prometheus.sh <module version, e.g. v0.316.0>}
case "$version" in v0.[0-9]*.[0-9]*) ;; *) echo "build-prometheus.sh: not a Prometheus module version: $version" >&2; exit 2 ;; esac
tags=remove_all_sd,enable_kubernetes_sd
bin=${NRI4J_CACHE:-$HOME/.cache/nri4j}/prometheus/$version/bin
if [ -x "$bin/prometheus" ] && go version -m "$bin/prometheus" | grep -q -x "[[:space:]]*build[[:space:]]*-tags=$tags"; then
  exit 0
fi
echo "building prometheus $version into $bin" >&2
mkdir -p "$bin"
GOBIN="$bin" CGO_ENABLED=0 go install -tags "$tags" "github.com/prometheus/prometheus/cmd/prometheus@$version"
