#!/usr/bin/env bash
# The NRI messages generated for protobuf's full runtime (as nri-core ships them) and for its lite
# runtime: the AOT cache each gives and the RSS of a JVM that loads every message and answers
# CreateContainer requests with it (LiteProbe.java), the chart's JVM options, JDK 25.
# Usage, from the repository's root: docs/benchmarks/protobuf-lite-ab/run.sh [JDK 25 home] [rounds]
set -euo pipefail
jdk=${1:-/usr/lib/jvm/temurin-25-jdk-amd64}
rounds=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

protoc_version=$(sed -n 's:.*<nri.protoc.version>\(.*\)</nri.protoc.version>.*:\1:p' pom.xml)
runtime_version=$(sed -n 's:.*<protobuf-java.version>\(.*\)</protobuf-java.version>.*:\1:p' pom.xml)
copy() { ./mvnw -q -B dependency:copy -Dartifact="$1" -DoutputDirectory="$work" -Dmdep.stripVersion=true; }
copy "com.google.protobuf:protoc:$protoc_version:exe:linux-x86_64"
copy "com.google.protobuf:protobuf-java:$runtime_version"
copy "com.google.protobuf:protobuf-javalite:$runtime_version"
chmod +x "$work/protoc-linux-x86_64.exe"
# The chart's options, as the benchmark driver gives them (with the pod's memory limit).
options="$(sed -n 's/^  options: "\(.*\)"$/\1/p' helm/nri-plugin/values.yaml) -XX:MaxRAM=384m"
options="$options --sun-misc-unsafe-memory-access=allow"

for kind in full lite; do
  out=""
  runtime=$work/protobuf-java.jar
  if [ "$kind" = lite ]; then out="lite:"; runtime=$work/protobuf-javalite.jar; fi
  mkdir -p "$work/$kind/src" "$work/$kind/classes" "$work/$kind/probe"
  (cd nri-core/src/main/proto && "$work/protoc-linux-x86_64.exe" -I. --java_out="$out$work/$kind/src" nri/v1alpha1/api.proto)
  find "$work/$kind/src" -name '*.java' > "$work/$kind/sources"
  "$jdk/bin/javac" --release 17 -nowarn -cp "$runtime" -d "$work/$kind/classes" @"$work/$kind/sources"
  "$jdk/bin/javac" --release 17 -cp "$runtime:$work/$kind/classes" -d "$work/$kind/probe" "$here/LiteProbe.java"
  # The JVM writes an AOT cache only from jars.
  "$jdk/bin/jar" cf "$work/$kind/api.jar" -C "$work/$kind/classes" .
  "$jdk/bin/jar" cf "$work/$kind/probe.jar" -C "$work/$kind/probe" .
  cp="$runtime:$work/$kind/api.jar:$work/$kind/probe.jar"
  # shellcheck disable=SC2086
  "$jdk/bin/java" $options -XX:AOTCacheOutput="$work/$kind.aot" -Xlog:aot=debug:file="$work/$kind-aot.log" \
    -cp "$cp" LiteProbe 20000 "$work/$kind/classes" > /dev/null 2> >(grep -v '^Picked up JAVA_TOOL_OPTIONS' >&2)
  echo "== $kind: $(grep -c . "$work/$kind/sources") generated files, class files $(du -sb "$work/$kind/classes" | cut -f1) bytes, AOT cache $(stat -c %s "$work/$kind.aot") bytes"
  grep -E 'instance classes|Method   |ConstMethod   |Total   ' "$work/$kind-aot.log" | sed 's/^\[[^]]*\]\[[^]]*\]\[aot\] *//'
  echo "$cp" > "$work/$kind.cp"
done

echo "== the probe with its cache, $rounds rounds, kinds alternating ($(lscpu | sed -n 's/^Model name: *//p'), $(nproc) CPUs; load average $(cut -d' ' -f1-3 /proc/loadavg))"
for round in $(seq "$rounds"); do
  for kind in full lite; do
    # shellcheck disable=SC2086
    echo "$kind: $("$jdk/bin/java" $options -XX:AOTCache="$work/$kind.aot" -XX:AOTMode=on \
      -cp "$(cat "$work/$kind.cp")" LiteProbe 20000 "$work/$kind/classes")"
  done
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
