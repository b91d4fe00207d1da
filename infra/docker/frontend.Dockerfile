# syntax=docker/dockerfile:1
# The three front-ends: build with `--build-arg APP=shell|mfe-directory|mfe-admin`.
# Each is built once and served by `vite preview`, as `npm start` does: the shell's preview
# server reverse-proxies /api and /ops to API_ORIGIN and answers /runtime-config.json from its
# environment (PRODUCT_NAME, DIRECTORY_REMOTE_URL, ADMIN_REMOTE_URL), so the remote URLs are
# read when the container starts, never baked into the bundle. Ports come from
# SHELL_PORT / DIRECTORY_PORT / ADMIN_PORT (8080 / 8081 / 8082).
FROM node:20-bookworm-slim
ARG APP
ENV npm_config_update_notifier=false
WORKDIR /app
RUN test -n "$APP" || (echo "build with --build-arg APP=shell|mfe-directory|mfe-admin" && exit 1); \
    chown node:node /app
USER node

COPY --chown=node:node package.json package-lock.json ./
COPY --chown=node:node services/contract/package.json services/contract/
COPY --chown=node:node services/core/package.json services/core/
COPY --chown=node:node services/api/package.json services/api/
COPY --chown=node:node services/worker/package.json services/worker/
COPY --chown=node:node shell/package.json shell/
COPY --chown=node:node mfe-directory/package.json mfe-directory/
COPY --chown=node:node mfe-admin/package.json mfe-admin/
COPY --chown=node:node infra/package.json infra/
# `npm ci` rejects a lock that lacks other platforms' optional binaries; `npm install` completes it.
RUN set -eu; ws="-w @zaytoon/contract -w $APP --include-workspace-root"; \
    npm ci $ws --no-audit --no-fund || npm install $ws --no-audit --no-fund; \
    npm cache clean --force

COPY --chown=node:node tsconfig.base.json ./
COPY --chown=node:node services/contract services/contract
COPY --chown=node:node $APP $APP
# A production bundle; PRODUCT_NAME and remote URLs are runtime settings.
RUN NODE_ENV=production npm run build -w $APP

WORKDIR /app/$APP
ENV NODE_ENV=production
EXPOSE 8080 8081 8082
CMD ["node", "/app/node_modules/vite/bin/vite.js", "preview", "--host", "0.0.0.0", "--strictPort"]
