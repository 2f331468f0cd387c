#!/bin/sh
# Builds CRI-O at one release from the Go module proxy, once: crio, its pinns helper (C) and
# its image copy tool copyimg (test/copyimg, which writes local OCI archives into
# containers-storage), cached under $NRI4J_CACHE/crio/<version>/bin (default ~/.cache/nri4j).
# cgo and gcc are needed; libseccomp's headers and static library come from Debian's
# libseccomp-dev, unpacked by fetch-debs.sh (nothing installed on the host).
set -eu
version=${1:?usage: build-crio.sh <version, e.g. v1.34.0>}
case "$version" in v1.*) ;; *) echo "build-crio.sh: not a CRI-O 1.x version: $version" >&2; exit 2 ;; esac
root=${NRI4J_CACHE:-$HOME/.cache/nri4j}
cache=$root/crio/$version
if [ -x "$cache/bin/crio" ] && [ -x "$cache/bin/pinns" ] && [ -x "$cache/bin/copyimg" ]; then
  exit 0
fi
command -v cc >/dev/null || { echo "build-crio.sh: no C compiler (cc): CRI-O needs cgo and pinns is C" >&2; exit 2; }
debs=$root/debs/root
[ -f "$debs/usr/include/seccomp.h" ] || { echo "build-crio.sh: libseccomp-dev not unpacked in $debs (run fetch-debs.sh)" >&2; exit 2; }
module=github.com/cri-o/cri-o
go mod download "$module@$version"
src=$(go env GOMODCACHE)/$module@$version
work=$(mktemp -d "${TMPDIR:-/tmp}/nri4j-crio-build.XXXXXX")
trap 'chmod -R u+w "$work"; rm -rf "$work"' EXIT
# dash runs no EXIT trap when a signal ends it: exit on INT and TERM instead.
trap 'exit 130' INT
trap 'exit 143' TERM
cp -R "$src/." "$work/"
chmod -R u+w "$work"
mkdir -p "$work/out" "$work/pkgconfig"
# libseccomp from the unpacked package, linked statically: the binary needs no libseccomp-dev.
multiarch=$(ls "$debs/usr/lib" | grep -- '-linux-gnu$' | head -n 1)
cat >"$work/pkgconfig/libseccomp.pc" <<EOF
Name: libseccomp
Description: libseccomp from Debian's libseccomp-dev, unpacked
Version: $(sed -n 's/^Version: //p' "$debs/usr/lib/$multiarch/pkgconfig/libseccomp.pc")
Cflags: -I$debs/usr/include
Libs: $debs/usr/lib/$multiarch/libseccomp.a
EOF
cd "$work"
echo "building CRI-O $version (cold: minutes) into $cache" >&2
make -C pinns >/dev/null
# The tags drop what needs more C libraries (gpgme, btrfs, device-mapper, ostree); images come
# from local archives into vfs storage, unsigned.
CGO_ENABLED=1 PKG_CONFIG_PATH="$work/pkgconfig" GOFLAGS=-mod=mod go build -trimpath \
  -tags "seccomp containers_image_openpgp containers_image_ostree_stub exclude_graphdriver_btrfs exclude_graphdriver_devicemapper btrfs_noversion" \
  -o out/ ./cmd/crio ./test/copyimg
mkdir -p "$cache.tmp/bin"
cp out/crio out/copyimg bin/pinns "$cache.tmp/bin/"
rm -rf "$cache"
mv "$cache.tmp" "$cache"
