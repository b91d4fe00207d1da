# syntax=docker/dockerfile:1
# The front-end images, each nginx on port 8080 as user 101 (read-only root works: everything written
# goes to /tmp), configured from the environment at start by infra/frontdoor/container.ts:
#   --target frontdoor   the shell's build, /runtime-config.json, /api and /ops proxied to API_UPSTREAMS,
#                        /remotes/directory/ and /remotes/admin/ to DIRECTORY_UPSTREAM / ADMIN_UPSTREAM;
#                        CSP, nosniff, frame-ancestors, HSTS when HSTS=on
#   --target directory   the directory remote's build
#   --target admin       the admin remote's build (released on its own: only its stage rebuilds)
# Assets are compressed at build time (brotli and gzip) and served pre-compressed.
FROM node:20-bookworm-slim AS deps
ENV npm_config_update_notifier=false
WORKDIR /app
COPY package.json package-lock.json ./
COPY services/contract/package.json services/contract/
COPY services/core/package.json services/core/
COPY services/api/package.json services/api/
COPY services/worker/package.json services/worker/
COPY shell/package.json shell/
COPY mfe-directory/package.json mfe-directory/
COPY mfe-admin/package.json mfe-admin/
COPY infra/package.json infra/
# `npm ci` rejects a lock that lacks other platforms' optional binaries; `npm install` completes it.
RUN set -eu; ws="-w @zaytoon/contract -w @zaytoon/shell -w @zaytoon/mfe-directory -w @zaytoon/mfe-admin --include-workspace-root"; \
    npm ci $ws --no-audit --no-fund || npm install $ws --no-audit --no-fund
COPY tsconfig.base.json ./
COPY services/contract services/contract

FROM deps AS entrypoint
COPY shell/server shell/server
COPY infra/frontdoor infra/frontdoor
RUN npx tsup infra/frontdoor/container.ts --format esm --platform node --target node20 --minify --out-dir /out --no-config

FROM deps AS build-shell
COPY shell shell
RUN NODE_ENV=production npm run build -w @zaytoon/shell

FROM deps AS build-directory
COPY mfe-directory mfe-directory
RUN NODE_ENV=production npm run build -w @zaytoon/mfe-directory

FROM deps AS build-admin
COPY mfe-admin mfe-admin
RUN NODE_ENV=production npm run build -w @zaytoon/mfe-admin

FROM debian:bookworm-slim AS nginx
RUN set -eu; apt-get update; \
    apt-get install -y --no-install-recommends nginx libnginx-mod-http-brotli-static libstdc++6 ca-certificates; \
    rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/*; \
    groupadd -g 101 zaytoon; useradd -u 101 -g 101 -r -M -s /usr/sbin/nologin zaytoon
# Renders the configuration at start (node only for that, then nginx takes the process over).
COPY --from=deps /usr/local/bin/node /usr/local/bin/node
COPY --from=entrypoint /out/container.js /app/container.js
ENV NGINX_PREFIX=/tmp/nginx LISTEN_PORT=8080 STATIC_ROOT=/app/dist
USER 101
EXPOSE 8080
# SIGQUIT: finish the requests in flight, then exit.
STOPSIGNAL SIGQUIT
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.LISTEN_PORT+'/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

FROM nginx AS frontdoor
COPY --from=build-shell /app/shell/dist /app/dist
CMD ["sh", "-c", "node /app/container.js frontdoor && exec nginx -p \"$NGINX_PREFIX\" -c \"$NGINX_PREFIX/nginx.conf\" -e stderr -g 'daemon off;'"]

FROM nginx AS directory
COPY --from=build-directory /app/mfe-directory/dist /app/dist
CMD ["sh", "-c", "node /app/container.js remote && exec nginx -p \"$NGINX_PREFIX\" -c \"$NGINX_PREFIX/nginx.conf\" -e stderr -g 'daemon off;'"]

FROM nginx AS admin
COPY --from=build-admin /app/mfe-admin/dist /app/dist
CMD ["sh", "-c", "node /app/container.js remote && exec nginx -p \"$NGINX_PREFIX\" -c \"$NGINX_PREFIX/nginx.conf\" -e stderr -g 'daemon off;'"]
