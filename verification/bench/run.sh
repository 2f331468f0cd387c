#!/bin/sh
# Measures for docs/benchmarks.md: the plugin benchmark (table on stdout, plots and logs in
# verification/bench/target/bench), then the codec benchmarks: JMH (verification/bench/codec-jmh/target/jmh.csv) and Go.
# Extra arguments go to both Maven runs, e.g. -Dbench.rounds=5.
set -eu
cd "$(dirname "$0")/../.."
./mvnw -B verify -pl verification/bench -am -DskipTests -Dbench.skip=false -Dbench.smoke=false "$@"
./mvnw -B verify -pl verification/bench/codec-jmh -am -DskipTests -Djmh.skip=false "$@"
(cd verification/bench && go test ./codec -run TestFrameDecodes -bench . -benchtime 2s -count 3)
