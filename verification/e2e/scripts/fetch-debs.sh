#!/bin/sh
# Unpacks Debian's runc and busybox-static (and the CNI plugins; for CRI-O conmon and
# libseccomp-dev) into $NRI4J_CACHE/debs/root, once: `apt-get download` + `dpkg-deb -x`,
# nothing installed on the host.
set -eu
cache=${NRI4J_CACHE:-$HOME/.cache/nri4j}/debs
packages="runc busybox-static containernetworking-plugins conmon libseccomp-dev"
if [ -x "$cache/root/usr/sbin/runc" ] && [ -x "$cache/root/bin/busybox" ] && [ -x "$cache/root/usr/bin/conmon" ]; then
  exit 0
fi
command -v apt-get >/dev/null || { echo "fetch-debs.sh: apt-get not found (Debian or Ubuntu needed)" >&2; exit 2; }
mkdir -p "$cache/pkgs" "$cache/root.tmp"
cd "$cache/pkgs"
apt-get download $packages
for deb in *.deb; do
  dpkg-deb -x "$deb" "$cache/root.tmp"
done
rm -rf "$cache/root"
mv "$cache/root.tmp" "$cache/root"
