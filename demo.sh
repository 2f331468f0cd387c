#!/bin/sh
# Runs the hello-world plugin (sample-plugins/hello-world) under the upstream NRI runtime
# library on this machine: the runtime launches the plugin from its plugin directory, as
# containerd and CRI-O do, and a pod with one container lives through its lifecycle. Then the
# same again with the logger (sample-plugins/logger) beside it as an external plugin, started
# with java -jar as a DaemonSet starts it, its log lines shown under each step of the runtime.
set -eu
cd "$(dirname "$0")"
./mvnw -q -B -DskipTests install -pl sample-plugins/hello-world,sample-plugins/logger -am
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
# A launched plugin adopts the runtime's socket on fd 3: JDK 17-21 need these opens, 22+
# native access (see nri-core's NonBlockingFd).
jvm_args="--add-opens java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.io=ALL-UNNAMED"
version=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/.*java.specification.version = //p')
if [ "$version" -ge 22 ]; then
  jvm_args="$jvm_args --enable-native-access=ALL-UNNAMED"
fi
jar=$(ls sample-plugins/hello-world/target/nri-sample-hello-world-*.jar)
logger_jar=$(ls sample-plugins/logger/target/nri-sample-logger-*.jar)
# The logger prints only its own lines, bare, and serves its HTTP probes on a free port.
logger_args="--server.port=0 --spring.main.banner-mode=off --logging.pattern.console=%m%n"
logger_args="$logger_args --logging.level.root=warn --logging.level.io.nri4j.samples.logger.EventLog=info"
cd verification/conformance
exec go run ./cmd/demo -java "$java" -jvm-args "$jvm_args" \
  -classpath "../../$jar:@../../sample-plugins/hello-world/target/classpath.txt" \
  -external-jar "../../$logger_jar" -external-name 40-logger -external-args "$logger_args"
