#!/usr/bin/env bash
# The sandbox's cost per run (make bench-sandbox): see SandboxBenchmark's comment for the modes.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
export JAVA_HOME; JAVA_HOME=$(judge_java_home)
cd "$SERVICES_DIR"
./mvnw -q -B -ntp -pl worker -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
cd worker
"$JAVA_HOME/bin/java" -cp "target/test-classes:target/classes:$(cat target/test-classpath.txt)" \
  dev.judge.worker.bench.SandboxBenchmark "${1:-300}" "$PROJECT_DIR/tests/bench/bare.c"
