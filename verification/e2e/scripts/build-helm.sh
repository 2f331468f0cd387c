#!/bin/sh
# Builds helm at one release with `go install` from the Go module proxy, once, into
# $NRI4J_CACHE/bin (default ~/.cache/nri4j/bin: the binary chart-tests builds and uses too).
set -eu
version=${1:?usage: build-helm.sh <version, e.g. v3.22.0>}
case "$version" in v3.[0-9]*.[0-9]*) ;; *) echo "build-helm.sh: not a Helm 3 version: $version" >&2; exit 2 ;; esac
bin=${NRI4J_CACHE:-$HOME/.cache/nri4j}/bin
# helm built by go install reports only "v3.22" itself: read the module version it recorded.
if [ -x "$bin/helm" ] && go version -m "$bin/helm" | awk -v v="$version" '$1 == "mod" && $2 == "helm.sh/helm/v3" && $3 == v {f=1} END {exit !f}'; then
  exit 0
fi
echo "building helm $version into $bin" >&2
mkdir -p "$bin"
GOBIN="$bin" CGO_ENABLED=0 go install "helm.sh/helm/v3/cmd/helm@$version"
