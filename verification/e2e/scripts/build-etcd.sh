#!/bin/sh
# Builds etcd at one release from the Go module proxy, once: cached under
# $NRI4J_CACHE/etcd/<version>/bin (default ~/.cache/nri4j). The server module has etcd's main
# package at its root; its go.mod points the sibling modules at ../api etc. (absent from the
# module zip), so build in a copy that requires the published ones.
set -eu
version=${1:?usage: build-etcd.sh <version, e.g. v3.6.16>}
case "$version" in v3.[0-9]*.[0-9]*) ;; *) echo "build-etcd.sh: not an etcd 3.x version: $version" >&2; exit 2 ;; esac
cache=${NRI4J_CACHE:-$HOME/.cache/nri4j}/etcd/$version
[ -x "$cache/bin/etcd" ] && exit 0
module=go.etcd.io/etcd/server/v3
go mod download "$module@$version"
src=$(go env GOMODCACHE)/go.etcd.io/etcd/server/v3@$version
work=$(mktemp -d "${TMPDIR:-/tmp}/nri4j-etcd-build.XXXXXX")
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
# dash runs no EXIT trap when a signal ends it: exit on INT and TERM instead.
trap 'exit 130' INT
trap 'exit 143' TERM
cp -R "$src/." "$work/"
chmod -R u+w "$work"
cd "$work"
for m in $(awk '$2 == "=>" && $3 ~ /^\.\.\// {print $1}' go.mod); do
  go mod edit -dropreplace="$m"
done
echo "building etcd $version (cold: ~1 minute) into $cache" >&2
mkdir -p out
CGO_ENABLED=0 GOFLAGS=-mod=mod go build -trimpath -ldflags "-s -w" -o out/etcd .
mkdir -p "$cache.tmp/bin"
cp out/etcd "$cache.tmp/bin/"
rm -rf "$cache"
mv "$cache.tmp" "$cache"
