#!/usr/bin/env bash
# make images: builds the three images (context services/) and loads them into the kind cluster.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
version=$(sed -n 's/^appVersion: "\(.*\)"/\1/p' "$PROJECT_DIR/charts/judge/Chart.yaml")
for component in api:judge-api worker:judge-worker consumer:judge-result-consumer; do
  module=${component%%:*} image=${component##*:}
  docker build -f "$SERVICES_DIR/$module/Dockerfile" -t "$image:$version" "$SERVICES_DIR"
  "$PROJECT_DIR/bin/kind" load docker-image "$image:$version" --name judge
done
