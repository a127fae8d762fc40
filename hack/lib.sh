# Shared by the hack/ scripts: where things are, and which JDK runs the services.
# shellcheck shell=bash
PROJECT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SERVICES_DIR="$PROJECT_DIR/services"

# Temurin 25 (the build machines have it here); any JDK 25 in JAVA_HOME will do.
judge_java_home() {
  local candidate
  for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64; do
    if [[ -n "$candidate" && -x "$candidate/bin/java" ]] \
        && "$candidate/bin/java" -version 2>&1 | grep -q 'version "25'; then
      echo "$candidate"; return
    fi
  done
  echo "No JDK 25 found: set JAVA_HOME to one (Temurin 25 recommended)" >&2
  return 1
}

service_jar() {
  local module=$1 artifact
  case "$module" in
    api) artifact=judge-api ;;
    worker) artifact=judge-worker ;;
    consumer) artifact=judge-result-consumer ;;
    *) echo "unknown service $module" >&2; return 2 ;;
  esac
  echo "$SERVICES_DIR/$module/target/$artifact-0.1.0-SNAPSHOT.jar"
}
