#!/bin/sh
# Builds kube-apiserver, kube-controller-manager, kube-scheduler, kubelet and kubectl at one
# release from the Go module proxy, once: cached under $NRI4J_CACHE/kubernetes/<version>/bin
# (default ~/.cache/nri4j). k8s.io/kubernetes is not meant to be a dependency: its go.mod points
# the k8s.io/* staging modules at ./staging with v0.0.0 requirements, and the module zip has no
# staging directory. So build in a copy that requires the published v0.<minor>.<patch> modules.
set -eu
version=${1:?usage: build-kubernetes.sh <version, e.g. v1.34.4>}
case "$version" in v1.[0-9]*.[0-9]*) ;; *) echo "build-kubernetes.sh: not a Kubernetes 1.x version: $version" >&2; exit 2 ;; esac
cache=${NRI4J_CACHE:-$HOME/.cache/nri4j}/kubernetes/$version
commands="kube-apiserver kube-controller-manager kube-scheduler kubelet kubectl"
ok=1
for c in $commands; do [ -x "$cache/bin/$c" ] || ok=0; done
[ $ok = 1 ] && exit 0
staging=v0.${version#v1.}
go mod download "k8s.io/kubernetes@$version"
src=$(go env GOMODCACHE)/k8s.io/kubernetes@$version
work=$(mktemp -d "${TMPDIR:-/tmp}/nri4j-kubernetes-build.XXXXXX")
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
# dash runs no EXIT trap when a signal ends it: exit on INT and TERM instead.
trap 'exit 130' INT
trap 'exit 143' TERM
cp -R "$src/." "$work/"
chmod -R u+w "$work"
cd "$work"
rm -rf vendor go.work go.work.sum
for m in $(awk '$2 == "=>" && $3 ~ /^\.\/staging\// {print $1}' go.mod); do
  go mod edit -dropreplace="$m"
done
# Pseudo-versions (k8s.io/utils, kube-openapi, ...) are real modules: only v0.0.0 is staging.
for m in $(awk '$1 ~ /^k8s\.io\// && $2 == "v0.0.0" {print $1}' go.mod | sort -u); do
  go mod edit -require="$m@$staging"
done
echo "building Kubernetes $version (cold: ~10 minutes on 2 cores) into $cache" >&2
ldflags=""
for pkg in k8s.io/component-base/version k8s.io/client-go/pkg/version; do
  minor=${version#v1.}
  ldflags="$ldflags -X $pkg.gitVersion=$version -X $pkg.gitMajor=1 -X $pkg.gitMinor=${minor%%.*}"
  ldflags="$ldflags -X $pkg.gitTreeState=clean -X $pkg.gitCommit=proxy -X $pkg.buildDate=1970-01-01T00:00:00Z"
done
mkdir -p out
for c in $commands; do
  CGO_ENABLED=0 GOFLAGS=-mod=mod go build -trimpath -ldflags "-s -w $ldflags" -o out/ "./cmd/$c"
done
mkdir -p "$cache.tmp/bin"
for c in $commands; do cp "out/$c" "$cache.tmp/bin/"; done
rm -rf "$cache"
mv "$cache.tmp" "$cache"
