#!/usr/bin/env bash
# Starts or stops the three images (hack/images.sh podman) as containers, each with its pod's
# settings from charts/judge translated to podman, against the RabbitMQ and PostgreSQL that
# hack/infra.sh started with the same ports. The same contract as hack/services.sh: the API on
# API_PORT and its management port on API_PORT+3, the worker's Actuator on API_PORT+1, the consumer's on API_PORT+2.
#
#   [JUDGE_LANGUAGES=all|default|c,cpp,...] hack/containers.sh up|down STATE_DIR AMQP_PORT PG_PORT API_PORT
#
# JUDGE_LANGUAGES: the languages to enable (the chart's languages.enabled), each of whose images is made
# and mounted: all (the default here, as the chart's), the catalog's default set, or catalog ids, as
# hack/services.sh takes them.
#
# What differs from a pod (docs/images.md, "Containers without a cluster"): the host's network namespace (loopback is where the
# broker and database are), so no NetworkPolicy; podman's user namespace instead of the kubelet's;
# no probes restarting a container (up waits for readiness once).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

action=${1:?usage: containers.sh up|down STATE_DIR AMQP_PORT PG_PORT API_PORT}
state=$(mkdir -p "${2:?state dir}" && cd "$2" && pwd)
amqp_port=${3:?amqp port}
pg_port=${4:?postgres port}
api_port=${5:?api port}
version=$(judge_version)
management=$(management_port "$api_port")

container() { echo "judge-$api_port-$1"; }

# What every judge container gets: the chart's restricted container security (uid 10001, no
# capabilities, no privilege escalation, read-only root with an emptyDir on /tmp) and the broker
# (its administrator here; the chart's broker users are tried in tests/pods).
common_flags() { # component port
  local component=$1 port=$2
  # shellcheck disable=SC2086 # the ulimit flags are words
  echo --detach --name "$(container "$component")" --network host \
    --user 10001:10001 --cap-drop ALL --security-opt no-new-privileges \
    --read-only --read-only-tmpfs=false --tmpfs /tmp:rw,exec,mode=1777 "${JUDGE_PODMAN_ULIMITS[@]}" \
    --log-driver k8s-file --log-opt "path=$state/logs/$component.log" \
    --env SERVER_PORT="$port" --env SPRING_RABBITMQ_HOST=127.0.0.1 --env SPRING_RABBITMQ_PORT="$amqp_port" \
    --env SPRING_RABBITMQ_USERNAME=guest --env SPRING_RABBITMQ_PASSWORD=guest
}

# The chart's language settings (templates/_helpers.tpl, judge.languagesEnv): the languages enabled
# (every one of the catalog's by default), each at its official image, whose stand-in is what the
# worker finds mounted.
language_flags() {
  local id image ids=()
  while read -r id image; do
    ids+=("$id")
    echo --env "JUDGE_LANGUAGES_${id^^}_IMAGE=${image#localhost/stand-in/}"
  done <<< "$languages"
  echo --env "JUDGE_ENABLEDLANGUAGES=$(IFS=,; echo "${ids[*]}")"
}

database_flags() {
  echo --env SPRING_DATASOURCE_URL="jdbc:postgresql://127.0.0.1:$pg_port/judge" \
    --env SPRING_DATASOURCE_USERNAME=judge --env SPRING_DATASOURCE_PASSWORD=judge
}

start() { # component port flags...
  local component=$1 port=$2
  shift 2
  if [[ $(judge_podman container inspect --format '{{.State.Running}}' "$(container "$component")" 2>/dev/null) == true ]]; then
    echo "$component already running"; return
  fi
  judge_podman rm --force --ignore "$(container "$component")" >/dev/null
  mkdir -p "$state/logs"
  : > "$state/logs/$component.log"
  # shellcheck disable=SC2046 # the flags are words
  judge_podman run $(common_flags "$component" "$port") "$@" >/dev/null
  echo "Started $(container "$component") (port $port, log $state/logs/$component.log)"
}

running() { [[ $(judge_podman container inspect --format '{{.State.Running}}' "$(container "$1")" 2>/dev/null) == true ]]; }

case "$action" in
  up)
    mapfile -t enabled < <(judge_selected_languages "${JUDGE_LANGUAGES:-all}")
    languages=$("$PROJECT_DIR/hack/stand-ins.sh" languages "${enabled[@]}")
    # API and consumer: charts/judge/templates/{api,consumer}/deployment.yaml, default values.
    # shellcheck disable=SC2046
    start api "$api_port" $(database_flags) $(language_flags) --memory 768m --env JUDGE_TESTDATA_WORKERTOKEN="$(test_data_token "$state")" \
      --env JUDGE_TESTDATA_INLINELIMIT=64KB --env JUDGE_TESTDATA_MAXSTOREDPERKEY=512MB \
      --env JUDGE_HTTP_MANAGEMENTPORT="$management" \
      --env JUDGE_ACCESS_ANONYMOUS=true --env JUDGE_ACCESS_ADMINTOKEN="$(admin_token "$state")" \
      --env JUDGE_ACCESS_DEFAULTPERMINUTE=600 --env JUDGE_ACCESS_DEFAULTMAXWAITING=1000 \
      --env JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=70 -XX:+ExitOnOutOfMemoryError" \
      "localhost/$(judge_image api):$version"
    # shellcheck disable=SC2046
    start consumer $((api_port + 2)) $(database_flags) --memory 768m \
      --env JAVA_TOOL_OPTIONS="-XX:MaxRAMPercentage=70 -XX:TieredStopAtLevel=1 -XX:+ExitOnOutOfMemoryError" --env SPRING_RABBITMQ_DYNAMIC=false \
      "localhost/$(judge_image consumer):$version"
    # The worker: charts/judge/templates/worker/deployment.yaml. hostUsers: false → a user
    # namespace of its own (--userns=auto); procMount: Unmasked → unmask=ALL; seccomp and AppArmor
    # Unconfined; the work folder an emptyDir (a folder of its own, owned by the container's uid).
    # In a user namespace that does not own the host's network namespace sysfs cannot be mounted:
    # the host's is bound read-only, as a pod's /sys is.
    # Each language image (its stand-in) read-only at /languages/<the official reference, [^A-Za-z0-9._-]
    # made _>, where the worker looks for it, once, as the chart's image volumes are: mounted here and
    # bound in (podman's --mount type=image cannot mount an overlay into a --userns=auto container).
    mkdir -p "$state/worker-work"
    language_mounts=()
    while read -r image; do
      folder=${image#localhost/stand-in/} && folder=${folder//[^A-Za-z0-9._-]/_}
      language_mounts+=(--volume "$(judge_podman image mount "$image"):/languages/$folder:ro")
    done < <(awk '{print $2}' <<< "$languages" | sort -u)
    # shellcheck disable=SC2046
    start worker $((api_port + 1)) --memory 2g --cpus 2 "${language_mounts[@]}" $(language_flags) \
      --userns=auto --security-opt seccomp=unconfined --security-opt apparmor=unconfined \
      --security-opt unmask=ALL --volume /sys:/sys:ro --volume "$state/worker-work:/var/lib/judge/work:U" \
      --env JAVA_TOOL_OPTIONS="-Xmx384m -XX:TieredStopAtLevel=1 -XX:+ExitOnOutOfMemoryError" --env SPRING_RABBITMQ_DYNAMIC=false \
      --env SPRING_RABBITMQ_LISTENER_SIMPLE_CONCURRENCY=2 --env JUDGE_WORKER_DRAINTIMEOUT=60s \
      --env JUDGE_SANDBOX_WORKDIR=/var/lib/judge/work --env JUDGE_SANDBOX_CGROUP=AUTO \
      --env JUDGE_SANDBOX_POOLSIZE=3 --env JUDGE_SANDBOX_DISKLIMIT=256MB --env JUDGE_SANDBOX_MAXFILES=1000 \
      --env JUDGE_WORKER_INTERNALAPI_TOKEN="$(test_data_token "$state")" \
      --env JUDGE_WORKER_INTERNALAPI_URL="http://127.0.0.1:$management" --env JUDGE_WORKER_TESTCACHE_SIZE=1GB \
      "localhost/$(judge_image worker):$version"
    await_ready api "$management" "$state/logs/api.log" running api
    await_ready worker $((api_port + 1)) "$state/logs/worker.log" running worker
    await_ready consumer $((api_port + 2)) "$state/logs/consumer.log" running consumer
    echo "API ready on http://127.0.0.1:$api_port (containers)" ;;
  down)
    for component in api worker consumer; do
      if judge_podman container exists "$(container "$component")"; then
        echo "Stopping $(container "$component")"
        # As the kubelet: SIGTERM, then SIGKILL after the worker's grace period (the chart's 90 s).
        judge_podman stop --time 90 "$(container "$component")" >/dev/null
        # podman 4.3 may find the container's /dev/shm still busy for a moment after it stopped.
        for _ in 1 2 3 4 5; do
          judge_podman rm --force "$(container "$component")" >/dev/null 2>&1 && break
          sleep 1
        done
        ! judge_podman container exists "$(container "$component")" \
          || judge_podman rm --force "$(container "$component")" >/dev/null
      fi
    done
    judge_podman image unmount --all >/dev/null ;;
  *) echo "unknown action: $action" >&2; exit 2 ;;
esac
