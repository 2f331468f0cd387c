#!/bin/sh
# Builds containerd, its runc shim and ctr at one release from the Go module proxy, once:
# the binaries are cached under $NRI4J_CACHE/containerd/<version>/bin (default ~/.cache/nri4j).
# `go install` refuses containerd (its go.mod has exclude directives), so build in a copy.
set -eu
version=${1:?usage: build-containerd.sh <version, e.g. v2.2.0>}
case "$version" in v2.*) ;; *) echo "build-containerd.sh: not a containerd 2.x version: $version" >&2; exit 2 ;; esac
cache=${NRI4J_CACHE:-$HOME/.cache/nri4j}/containerd/$version
if [ -x "$cache/bin/containerd" ] && [ -x "$cache/bin/containerd-shim-runc-v2" ] && [ -x "$cache/bin/ctr" ]; then
  exit 0
fi
module=github.com/containerd/containerd/v2
go mod download "$module@$version"
src=$(go env GOMODCACHE)/github.com/containerd/containerd/v2@$version
work=$(mktemp -d "${TMPDIR:-/tmp}/nri4j-containerd-build.XXXXXX")
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
# dash runs no EXIT trap when a signal ends it: exit on INT and TERM instead.
trap 'exit 130' INT
trap 'exit 143' TERM
cp -R "$src/." "$work/"
chmod -R u+w "$work"
mkdir -p "$work/out"
cd "$work"
# Static binaries without cgo: no btrfs snapshotter, which these tests do not use.
echo "building containerd $version (cold: minutes) into $cache" >&2
CGO_ENABLED=0 GOFLAGS=-mod=mod go build -trimpath -tags no_btrfs \
  -ldflags "-X $module/version.Version=$version -X $module/version.Revision=proxy" \
  -o out/ ./cmd/containerd ./cmd/containerd-shim-runc-v2 ./cmd/ctr
mkdir -p "$cache.tmp/bin"
cp out/containerd out/containerd-shim-runc-v2 out/ctr "$cache.tmp/bin/"
rm -rf "$cache"
mv "$cache.tmp" "$cache"
