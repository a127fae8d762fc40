# Shared by the hack/ scripts: where things are, and which JDK runs the services.
# shellcheck shell=bash
PROJECT_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SERVICES_DIR="$PROJECT_DIR/services"

# Temurin 25 (the build machines have it here); any JDK 25 in JAVA_HOME will do.
judge_java_home() {
  local candidate
  for candidate in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-*; do
    if [[ -n "$candidate" && -x "$candidate/bin/java" ]] \
        && "$candidate/bin/java" -version 2>&1 | grep -q 'version "25'; then
      echo "$candidate"; return
    fi
  done
  echo "No JDK 25 found: set JAVA_HOME to one (Temurin 25 recommended)" >&2
  return 1
}

# `env` options that remove the scripts' own settings (hack/script-settings says why) from a service's
# environment: env "${WITHOUT_SCRIPT_SETTINGS[@]}" NAME=value... java ... (env execs, so $! stays the JVM's).
WITHOUT_SCRIPT_SETTINGS=()
while read -r setting; do
  [[ -z "$setting" || "$setting" == \#* ]] || WITHOUT_SCRIPT_SETTINGS+=(-u "$setting")
done < "$PROJECT_DIR/hack/script-settings"
unset setting

service_jar() {
  local module=$1 artifact
  case "$module" in
    api) artifact=judge-api ;;
    worker) artifact=judge-worker ;;
    consumer) artifact=judge-result-consumer ;;
    *) echo "unknown service $module" >&2; return 2 ;;
  esac
  echo "$SERVICES_DIR/$module/target/$artifact.jar"
}

# podman as this kind of machine needs it: runc (crun refuses a hybrid cgroup v1/v2 host) and the
# cgroupfs manager (no systemd), with ulimits inside the hard limits (podman's defaults exceed them).
# shellcheck disable=SC2034 # for the scripts that source this
JUDGE_PODMAN_ULIMITS=(--ulimit nofile=20000:20000 --ulimit nproc=4096:4096)
judge_podman() { podman --runtime runc --cgroup-manager cgroupfs "$@"; }

# A file's SHA-256, on Linux (coreutils) and macOS (shasum), where the kind path runs too.
sha256_of() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1"; else shasum -a 256 "$1"; fi | cut -d' ' -f1  # portable
}

# Where the Go module proxy's copy of MODULE@VERSION is (downloaded first if need be): upstream charts,
# manifests and sources are read from there, never copied into the repository.
module_dir() { go mod download -json "$1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["Dir"])'; }

# The version the images are tagged with: the chart's appVersion, so the chart finds them.
judge_version() { sed -n 's/^appVersion: "\(.*\)"/\1/p' "$PROJECT_DIR/charts/judge/Chart.yaml"; }

# Where this project's own language images live (judge-languages/<name>:<version>, one recipe each in
# services/language-images/): those of the catalog's languages no upstream image carries.
JUDGE_LANGUAGE_IMAGES=judge-languages

# The scripts read the language catalog and the chart's values with PyYAML (hack/install-deps.sh
# installs it): without it they stop here, naming it, rather than read nothing and go on.
require_pyyaml() {
  python3 -c 'import yaml' 2>/dev/null && return
  echo "PyYAML is missing for $(command -v python3): run make deps (hack/install-deps.sh installs it)," >&2
  echo "or python3 -m pip install PyYAML" >&2
  return 1
}

# The images the catalog names for these languages (catalog ids; every language's without), one per
# line, each once; an id the catalog does not have fails.
judge_catalog_images() { # [id...]
  require_pyyaml || return
  python3 -c 'import sys, yaml
languages = yaml.safe_load(open(sys.argv[1]))["judge"]["languages"]
chosen = set(sys.argv[2:]) or set(languages)
unknown = sorted(chosen - set(languages))
if unknown:
    sys.exit("not in the language catalog: " + ", ".join(unknown))
print("\n".join(sorted({entry["image"] for id, entry in languages.items() if id in chosen})))' \
    "$SERVICES_DIR/contracts/src/main/resources/judge-languages.yml" "$@"
}

# This project's own among them (judge-languages/*: services/language-images/), one per line.
judge_language_images() { # [id...]
  local images
  images=$(judge_catalog_images "$@") || return
  grep "^$JUDGE_LANGUAGE_IMAGES/" <<< "$images" || true
}

# The languages make deploy enables on kind, one a line: manifests/judge-kind-values.yaml's
# languages.enabled, or JUDGE_LANGUAGES's (all, default or ids) where it is set.
judge_kind_languages() {
  if [[ -n "${JUDGE_LANGUAGES:-}" ]]; then
    judge_selected_languages "$JUDGE_LANGUAGES"
    return
  fi
  require_pyyaml || return
  python3 -c 'import sys, yaml
print("\n".join(yaml.safe_load(open(sys.argv[1]))["languages"]["enabled"]))' "$PROJECT_DIR/manifests/judge-kind-values.yaml"
}

# The catalog ids a JUDGE_LANGUAGES setting selects, one a line: all (every one of the catalog's),
# default (its default set: by-default) or ids (c,cpp,...).
judge_selected_languages() { # all|default|ids
  if [[ $1 == all || $1 == default ]]; then
    require_pyyaml || return
    python3 -c 'import sys, yaml
languages = yaml.safe_load(open(sys.argv[1]))["judge"]["languages"]
print("\n".join(id for id, entry in languages.items() if sys.argv[2] == "all" or entry.get("by-default")))' \
      "$SERVICES_DIR/contracts/src/main/resources/judge-languages.yml" "$1"
  else
    tr ',' '\n' <<< "$1"
  fi
}

# The image of a component (the chart's default repositories).
judge_image() {
  case "$1" in
    api) echo judge-api ;;
    worker) echo judge-worker ;;
    consumer) echo judge-result-consumer ;;
    *) echo "unknown component $1" >&2; return 2 ;;
  esac
}

# The workers' token for fetching large problems' tests from the API (the chart's test-data Secret):
# one per state folder, so that services restarted on the same state agree.
# A random token kept in STATE_DIR/NAME, made the first time it is asked for.
state_token() { # state-dir name
  local file="$1/$2"
  [[ -f "$file" ]] || (umask 077 && head -c 30 /dev/urandom | base64 | tr '+/' '-_' > "$file")
  cat "$file"
}

# The token workers show to fetch tests from the API.
test_data_token() { state_token "$1" test-data-token; }

# The admin token of the API (makes, lists and revokes API keys).
admin_token() { state_token "$1" admin-token; }

# A new API key with quotas too large to refuse anything, made with the admin token of STATE_DIR.
create_key() { # api-url state-dir name
  curl -sf -XPOST "$1/api/keys" -H "Authorization: Bearer $(admin_token "$2")" -H 'Content-Type: application/json' \
    -d "{\"name\": \"$3\", \"perMinute\": 1000000000, \"maxWaiting\": 1000000000, \"scopes\": [\"SUBMIT\", \"PROBLEMS\"]}" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["key"])'
}

# The API's management port (Actuator, the workers' /internal) when run here: its public port + 3 (the
# worker's Actuator is on +1, the consumer's on +2). tests/support/processes.py says the same.
management_port() { echo $(($1 + 3)); }

# Waits until a service answers its readiness probe; fails with the end of its log if it stops.
await_ready() { # name port log alive-command...
  local name=$1 port=$2 log=$3
  shift 3
  for _ in $(seq 1 240); do
    if curl -sf "http://127.0.0.1:$port/actuator/health/readiness" >/dev/null; then return; fi
    if ! "$@"; then
      echo "$name exited; its log:" >&2; tail -n 40 "$log" >&2; return 1
    fi
    sleep 0.5
  done
  echo "$name not ready after 120 s; see $log" >&2; return 1
}

# Stops the process whose pid a file holds: SIGTERM, then SIGKILL after SECONDS (default 5).
stop_pidfile() { # pidfile [seconds]
  local pidfile=$1 tenths=$((${2:-5} * 10))
  [[ -f "$pidfile" ]] || return 0
  kill "$(cat "$pidfile")" 2>/dev/null || true
  for _ in $(seq 1 "$tenths"); do kill -0 "$(cat "$pidfile")" 2>/dev/null || break; sleep 0.1; done
  kill -9 "$(cat "$pidfile")" 2>/dev/null || true
  rm -f "$pidfile"
}

# A service's JIT options: those of the chart's javaOpts (values.yaml says why the worker and consumer
# run C1 only), so that a JVM started here compiles as its pod's does.
service_jit() { # api|worker|consumer
  require_pyyaml || return
  python3 -c 'import sys, yaml
print(" ".join(o for o in yaml.safe_load(open(sys.argv[1]))[sys.argv[2]]["javaOpts"].split() if o.startswith("-XX:Tiered")))' \
    "$PROJECT_DIR/charts/judge/values.yaml" "$1"
}

# JDK 25's AOT cache for a service (JEP 483, 514) trained on start-up alone: the classes a start loads,
# loaded and linked once. The jar is extracted into APP_DIR (the cache works only there) and a training
# run, which stops once the Spring context is refreshed (nothing served, no broker or database touched),
# writes APP_DIR.aot; the service then runs as: java -XX:AOTCache=APP_DIR.aot -jar APP_DIR/<the jar's name>.
# hack/services.sh trains on the work instead (its train), unless JUDGE_AOT_TRAINING=start.
aot_train() { # jar app-dir heap log [NAME=value for the training run's environment...]
  local jar=$1 app=$2 heap=$3 log=$4 java
  java="$(judge_java_home)/bin/java"
  rm -rf "$app" "$app.aot"
  "$java" -Djarmode=tools -jar "$jar" extract --destination "$app" > /dev/null
  env "${WITHOUT_SCRIPT_SETTINGS[@]}" "${@:5}" "$java" "-Xmx$heap" -XX:AOTCacheOutput="$app.aot" -Dspring.context.exit=onRefresh \
    -Dspring.flyway.enabled=false -jar "$app/$(basename "$jar")" > "$log" 2>&1
}
