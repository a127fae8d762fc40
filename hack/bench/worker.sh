#!/usr/bin/env bash
# Runs one of the worker's benchmarks (services/worker/src/test/java/dev/judge/worker/bench) against
# the real sandbox: make bench-sandbox (SandboxBenchmark), make bench-problems (ProblemKindsBenchmark),
# make bench-languages (LanguageSpeedBenchmark).
# Each one's comment says what it measures and what its arguments are.
#   hack/bench/worker.sh CLASS [ARGUMENTS...]
set -euo pipefail
source "$(dirname "$0")/lib.sh"
benchmark=${1:?usage: bench-worker.sh SandboxBenchmark|ProblemKindsBenchmark|LanguageSpeedBenchmark [arguments]}
shift
export JAVA_HOME; JAVA_HOME=$(judge_java_home)
cd "$SERVICES_DIR"
./mvnw -q -B -ntp -pl worker -am test-compile dependency:build-classpath \
  -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
cd worker
"$JAVA_HOME/bin/java" -cp "target/test-classes:target/classes:$(cat target/test-classpath.txt)" \
  "dev.judge.worker.bench.$benchmark" "$@"
