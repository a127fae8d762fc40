#!/usr/bin/env bash
# How make test's background builds (hack/test.sh) share the CPU, set for every process of their sessions
# (a session's autogroup is one scheduling entity, sched(7) "autogroup"):
#
#   hack/build-priority.sh below SESSION...      SCHED_IDLE, nice 19, the autogroup at nice 19: they take
#                                                only the CPU the suites leave, and change no verdict
#   hack/build-priority.sh neighbour SESSION...  SCHED_OTHER, nice 19, the autogroup at nice 0: as a build
#                                                someone starts in another terminal (setsid nice -n 19), the
#                                                busy neighbours of JudgeCasesBesideBusyNeighboursIT
#   hack/build-priority.sh ordinary SESSION...   SCHED_OTHER, nice 0, the autogroup at nice 0: a job the
#                                                suites now wait for
#   hack/build-priority.sh building SESSION...   prints how many of the sessions are compiling or linking
#                                                now (a go, compile, link or C compiler process), that is,
#                                                are CPU-bound neighbours and not waiting or downloading
set -euo pipefail

action=${1:?usage: build-priority.sh below|neighbour|ordinary|building SESSION...}
shift

processes() { ps -o pid= -s "$1" 2>/dev/null || true; }

set_priority() { # policy nice autogroup-nice session
  local process
  echo "$3" > "/proc/$4/autogroup" 2>/dev/null || true
  for process in $(processes "$4"); do
    chrt "--$1" --pid 0 "$process" 2>/dev/null || true
    renice -n "$2" -p "$process" >/dev/null 2>&1 || true
  done
}

case "$action" in
  below) for session in "$@"; do set_priority idle 19 19 "$session"; done ;;
  neighbour) for session in "$@"; do set_priority other 19 0 "$session"; done ;;
  ordinary) for session in "$@"; do set_priority other 0 0 "$session"; done ;;
  building)
    count=0
    for session in "$@"; do
      if ps -o comm= -s "$session" 2>/dev/null | grep -qxE 'go|compile|link|asm|cgo|gcc|cc1'; then count=$((count + 1)); fi
    done
    echo "$count" ;;
  *) echo "unknown action: $action (below, neighbour, ordinary or building)" >&2; exit 2 ;;
esac
