# syntax=docker/dockerfile:1
# The front-end images, each nginx on port 8080 as user 101 (read-only root works: everything written
# goes to /tmp), configured from the environment at start by infra/frontdoor/container.ts:
#   --target frontdoor   the shell's build, /runtime-config.json, /api and /ops proxied to API_UPSTREAMS,
#                        /remotes/directory/ and /remotes/admin/ to DIRECTORY_UPSTREAM / ADMIN_UPSTREAM;
#                        CSP, nosniff, frame-ancestors, HSTS when HSTS=on
#   --target directory   the directory remote's build
#   --target admin       the admin remote's build (released on its own: only its stage rebuilds)
# Assets are compressed at build time (brotli and gzip) and served pre-compressed.
# The bases are build arguments, pinned by digest (infra/docker/base-images.md says how to refresh them);
# `npm run test:containers` builds with stand-ins made on the machine instead.
ARG NODE_IMAGE=docker.io/library/node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d
ARG DEBIAN_IMAGE=docker.io/library/debian:bookworm-slim@sha256:3783cc01769c7b2b1b83a5c5ad96c815348e28ed7da68e2e3687004faa906251

# The copy lists come from the root package.json's workspaces (infra/docker/workspaces.mjs): npm ci
# needs every workspace's package.json to read the lock; the builds get the sources of the front ends'
# workspaces and of the workspaces they depend on (contract, build-kit, web-kit), and nothing else.
FROM ${NODE_IMAGE} AS context
WORKDIR /context
COPY . .
RUN set -eu; frontends="@zaytoon/shell @zaytoon/mfe-directory @zaytoon/mfe-admin"; \
    node infra/docker/workspaces.mjs manifests /manifests; \
    node infra/docker/workspaces.mjs sources /sources $frontends --with infra/frontdoor; \
    node infra/docker/workspaces.mjs flags $frontends > /manifests/.workspace-flags

FROM ${NODE_IMAGE} AS deps
ENV npm_config_update_notifier=false
WORKDIR /app
COPY --from=context /manifests ./
RUN npm ci $(cat .workspace-flags) --include-workspace-root --no-audit --no-fund
COPY --from=context /sources ./

FROM deps AS entrypoint
RUN npx tsup infra/frontdoor/container.ts --format esm --platform node --target node24 --minify --out-dir /out --no-config

FROM deps AS build-shell
RUN NODE_ENV=production npm run build -w @zaytoon/shell

FROM deps AS build-directory
RUN NODE_ENV=production npm run build -w @zaytoon/mfe-directory

FROM deps AS build-admin
RUN NODE_ENV=production npm run build -w @zaytoon/mfe-admin

FROM ${DEBIAN_IMAGE} AS nginx
RUN set -eu; apt-get update; \
    apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static libstdc++6 ca-certificates; \
    rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/*; \
    groupadd -g 101 zaytoon; useradd -u 101 -g 101 -r -M -s /usr/sbin/nologin zaytoon
# Renders the configuration at start (node only for that, then nginx takes the process over).
COPY --from=deps /usr/local/bin/node /usr/local/bin/node
# container.js and the chunks tsup splits from it.
COPY --from=entrypoint /out/ /app/
# A remote serves no page at /: its health is its manifest.
ENV NGINX_PREFIX=/tmp/nginx LISTEN_PORT=8080 STATIC_ROOT=/app/dist HEALTHCHECK_PATH=/
USER 101
EXPOSE 8080
# SIGQUIT: finish the requests in flight, then exit.
STOPSIGNAL SIGQUIT
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.LISTEN_PORT+process.env.HEALTHCHECK_PATH).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

FROM nginx AS frontdoor
COPY --from=build-shell /app/shell/dist /app/dist
CMD ["sh", "-c", "node /app/container.js frontdoor && exec nginx -p \"$NGINX_PREFIX\" -c \"$NGINX_PREFIX/nginx.conf\" -e stderr -g 'daemon off;'"]

FROM nginx AS directory
ENV HEALTHCHECK_PATH=/mf-manifest.json
COPY --from=build-directory /app/mfe-directory/dist /app/dist
CMD ["sh", "-c", "node /app/container.js remote && exec nginx -p \"$NGINX_PREFIX\" -c \"$NGINX_PREFIX/nginx.conf\" -e stderr -g 'daemon off;'"]

FROM nginx AS admin
ENV HEALTHCHECK_PATH=/mf-manifest.json
COPY --from=build-admin /app/mfe-admin/dist /app/dist
CMD ["sh", "-c", "node /app/container.js remote && exec nginx -p \"$NGINX_PREFIX\" -c \"$NGINX_PREFIX/nginx.conf\" -e stderr -g 'daemon off;'"]
