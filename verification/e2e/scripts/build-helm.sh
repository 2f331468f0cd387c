#!/bin/sh
# Builds helm at one release with `go install` from the Go module proxy, once, into
# $NRI4J_CACHE/bin (default ~/.cache/nri4j/bin: the binary chart-tests builds and uses too),
# linked as helm's Makefile links a release: it reports its version and, without --kube-version,
# takes the Kubernetes version of its client-go instead of v1.20.0. chart-tests' tools.go writes
# the same flags.
set -eu
version=${1:?usage: build-helm.sh <version, e.g. v3.22.0>}
case "$version" in v3.[0-9]*.[0-9]*) ;; *) echo "build-helm.sh: not a Helm 3 version: $version" >&2; exit 2 ;; esac
bin=${NRI4J_CACHE:-$HOME/.cache/nri4j}/bin
gomod=$(go mod download -json "helm.sh/helm/v3@$version" | sed -n 's/^[[:space:]]*"GoMod": "\(.*\)",*$/\1/p')
minor=$(awk '$1 == "k8s.io/client-go" {split($2, v, "."); print v[2]}' "$gomod")
case "$minor" in [0-9]*) ;; *) echo "build-helm.sh: no k8s.io/client-go v0.x.y in $gomod" >&2; exit 1 ;; esac
ldflags="-X helm.sh/helm/v3/internal/version.version=$version"
for pkg in chartutil lint/rules; do
  ldflags="$ldflags -X helm.sh/helm/v3/pkg/$pkg.k8sVersionMajor=1 -X helm.sh/helm/v3/pkg/$pkg.k8sVersionMinor=$minor"
done
# What go install recorded in the binary: the module's version and the linker flags.
if [ -x "$bin/helm" ] && go version -m "$bin/helm" | awk -v v="$version" -v l="-ldflags=\"$ldflags\"" '
    $1 == "mod" && $2 == "helm.sh/helm/v3" && $3 == v {m=1}
    $1 == "build" && substr($0, index($0, $2)) == l {f=1}
    END {exit !(m && f)}'; then
  exit 0
fi
echo "building helm $version into $bin" >&2
mkdir -p "$bin"
GOBIN="$bin" CGO_ENABLED=0 go install -ldflags "$ldflags" "helm.sh/helm/v3/cmd/helm@$version"
