#!/usr/bin/env bash
# CI (.ci/run, after `npm test`): the image of deploy/Dockerfile built and run for real with no
# image registry. Starts its own Docker daemon (`--bridge=none --iptables=false`; containers use
# `--network host` only), checks deploy/compose.yaml with Debian's docker-compose, makes the base
# image from Debian packages (deploy/ci/base-image.sh), builds the image, then runs
# deploy/ci/containers.test.ts (three containers behind nginx on PostgreSQL and moto's S3 server:
# the journey and the rolling restart), whose Vitest JSON report goes to the path given. Stops the
# daemon at the end. Prints how long each step took. The daemon's data (image layers) stays in
# $DOTINK_DEPLOY_CACHE/docker (/var/cache/dotink/deploy), so a second run rebuilds only what changed.
# Usage: deploy/ci/containers.sh reports/containers.json   (root; TEST_DATABASE_URL set)
set -uo pipefail
cd "$(dirname "$0")/../.."
# Kept outside the checkout (image layers, the Debian root filesystem), so a later run on the
# same machine, from any clone, rebuilds only what changed; DOTINK_DEPLOY_CACHE moves it.
deploy_cache="${DOTINK_DEPLOY_CACHE:-/var/cache/dotink/deploy}"
mkdir -p "$deploy_cache"
report="${1:-reports/containers.json}"
rm -f "$report"
mkdir -p "$(dirname "$report")" $deploy_cache
export DOCKER_BUILDKIT=0

step() {
  local name="$1" start rc
  shift
  start=$(date +%s)
  "$@"
  rc=$?
  echo "containers: $name $(($(date +%s) - start)) s$([ $rc -ne 0 ] && echo " (failed, exit $rc)")"
  return $rc
}

for tool in dockerd docker docker-compose debootstrap nginx; do
  command -v "$tool" >/dev/null || { echo "containers: $tool is missing (.ci/run installs it)"; exit 1; }
done

# A daemon of our own: its socket in a short temporary folder, its data in $deploy_cache/docker.
exec_root=$(mktemp -d /tmp/dotink-docker-XXXXXX)
export DOCKER_HOST="unix://$exec_root/docker.sock"
dockerd --bridge=none --iptables=false --data-root "$deploy_cache/docker" --exec-root "$exec_root" \
  --pidfile "$exec_root/docker.pid" -H "$DOCKER_HOST" >$deploy_cache/dockerd.log 2>&1 &
dockerd_pid=$!
stop_daemon() {
  kill "$dockerd_pid" 2>/dev/null && wait "$dockerd_pid"
  # the daemon leaves its network namespace mounted in its folder
  if mountpoint -q "$exec_root/netns/default"; then umount "$exec_root/netns/default"; fi
  rm -rf "$exec_root"
}
trap stop_daemon EXIT
for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
docker info >/dev/null 2>&1 || { echo "containers: dockerd did not start:"; tail -20 $deploy_cache/dockerd.log; exit 1; }

step "compose file check (docker-compose config)" docker-compose -f deploy/compose.yaml config -q || exit 1
step "base image (debootstrap, import, node)" deploy/ci/base-image.sh || exit 1
# The stages are tagged too (dotink-ci:build, dotink-ci:deps): their layers (npm ci) are then no
# dangling images, and stay cached through the prune below.
build_image() {
  local target
  : >$deploy_cache/build.log
  for target in build deps final; do
    docker build --network host -f deploy/Dockerfile --build-arg BASE_IMAGE=local/node:24 \
      $([ "$target" = final ] && echo "-t dotink:ci" || echo "--target $target -t dotink-ci:$target") . \
      >>$deploy_cache/build.log 2>&1 || { tail -30 $deploy_cache/build.log; return 1; }
  done
}
step "image build" build_image || exit 1
echo "containers: image dotink:ci $(docker image inspect dotink:ci --format '{{.Size}}' | awk '{printf "%d MB", $1 / 1e6}')"
step "3 containers behind nginx: journey and rolling restart" \
  npx vitest run --config deploy/ci/vitest.config.ts --reporter=default --reporter=json \
  --outputFile.json="$report"
status=$?
# earlier builds' layers that no tagged image uses any more
prune() { docker image prune -f >/dev/null; }
step "prune of unused layers" prune
exit $status
