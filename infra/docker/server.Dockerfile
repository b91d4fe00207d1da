# syntax=docker/dockerfile:1
# API gateway and BullMQ worker: one image, two targets (`api`, `worker`). A build stage bundles
# the TypeScript with tsup (`npm run build:servers`); the runtime stage holds only the bundles and
# the production dependencies, and runs them with plain node (no tsx, no TypeScript).
# The image also carries the migration and admin CLIs:
#   docker compose run --rm api node services/core/dist/migrate.js
#   docker compose run --rm api node services/core/dist/admin.js promote <email-or-username>
#
# The base is a build argument, pinned by digest (infra/docker/base-images.md says how to refresh it);
# `npm run test:containers` builds with a stand-in made on the machine instead.
ARG NODE_IMAGE=docker.io/library/node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d

# The copy lists come from the root package.json's workspaces (infra/docker/workspaces.mjs): npm ci
# needs every workspace's package.json to read the lock; the build gets the sources of the servers'
# workspaces and of the workspaces they depend on, and nothing else.
FROM ${NODE_IMAGE} AS context
WORKDIR /context
COPY . .
RUN set -eu; servers="@zaytoon/api @zaytoon/worker"; \
    node infra/docker/workspaces.mjs manifests /manifests; \
    node infra/docker/workspaces.mjs sources /sources $servers --with services/tsup.config.ts; \
    node infra/docker/workspaces.mjs flags $servers > /manifests/.workspace-flags

FROM ${NODE_IMAGE} AS build
ENV npm_config_update_notifier=false
WORKDIR /app
COPY --from=context /manifests ./
# Everything, devDependencies (tsup) included, exactly as the lock says.
RUN npm ci $(cat .workspace-flags) --include-workspace-root --no-audit --no-fund
COPY --from=context /sources ./
RUN npm run build:servers

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    NODE_OPTIONS=--enable-source-maps \
    UPLOAD_DIR=/data/uploads \
    npm_config_update_notifier=false
WORKDIR /app
RUN mkdir -p /data/uploads && chown -R node:node /app /data
USER node
COPY --from=context --chown=node:node /manifests ./
# Production dependencies only: the bundles import every npm package from node_modules.
RUN npm ci $(cat .workspace-flags) --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build --chown=node:node /app/services/core/dist services/core/dist
COPY --from=build --chown=node:node /app/services/api/dist services/api/dist
COPY --from=build --chown=node:node /app/services/worker/dist services/worker/dist
VOLUME ["/data/uploads"]

FROM runtime AS api
ENV API_PORT=3000
# The API binds 127.0.0.1 by default; in a container it must answer on the pod/container network.
ENV API_HOST=0.0.0.0
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.API_PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# The tracing preload starts OpenTelemetry before the app loads, when OTEL_EXPORTER_OTLP_ENDPOINT is set (else nothing).
CMD ["node", "--import", "./services/core/dist/tracing.js", "services/api/dist/main.js"]

FROM runtime AS worker
# Prometheus scrapes the worker's own /metrics here (METRICS_TOKEN as the API's).
ENV WORKER_METRICS_PORT=9464 \
    WORKER_METRICS_HOST=0.0.0.0
EXPOSE 9464
CMD ["node", "--import", "./services/core/dist/tracing.js", "services/worker/dist/main.js"]

# The backup CronJob / compose service: the backup and restore CLIs with pg_dump and pg_restore of the
# server's major (Debian 12: PostgreSQL 15).
FROM runtime AS backup
USER root
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client-15 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /backups && chown node:node /backups
USER node
ENV BACKUP_DIR=/backups
CMD ["node", "services/core/dist/backup.js"]
