#!/usr/bin/env bash
# What a custom checker and an interactive test cost per test (make bench-problems): see
# ProblemKindsBenchmark's comment.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
export JAVA_HOME; JAVA_HOME=$(judge_java_home)
cd "$SERVICES_DIR"
./mvnw -q -B -ntp -pl worker -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
cd worker
"$JAVA_HOME/bin/java" -cp "target/test-classes:target/classes:$(cat target/test-classpath.txt)" \
  dev.judge.worker.bench.ProblemKindsBenchmark "${1:-30}" "${2:-10}"
