# syntax=docker/dockerfile:1
# API gateway and BullMQ worker: one image, two targets (`api`, `worker`). The TypeScript
# sources run through tsx, exactly as `npm start` runs them, so there is no separate compile step.
# The image also carries the migration and admin CLIs:
#   docker compose run --rm api node --import tsx services/core/src/db/migrate.cli.ts
#   docker compose run --rm api node --import tsx services/core/src/cli/admin.cli.ts promote <email-or-username>
FROM node:20-bookworm-slim AS base
ENV NODE_ENV=production \
    UPLOAD_DIR=/data/uploads \
    npm_config_update_notifier=false
WORKDIR /app
RUN mkdir -p /data/uploads && chown -R node:node /app /data
USER node

# Dependencies first (cached until a package.json or the lock changes). npm needs every
# workspace's package.json to read the lock; only the server workspaces get installed.
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
RUN set -eu; ws="-w @zaytoon/contract -w @zaytoon/core -w @zaytoon/api -w @zaytoon/worker --include-workspace-root"; \
    npm ci $ws --no-audit --no-fund || npm install $ws --no-audit --no-fund; \
    npm cache clean --force

COPY --chown=node:node tsconfig.base.json ./
COPY --chown=node:node services/contract services/contract
COPY --chown=node:node services/core services/core
COPY --chown=node:node services/api services/api
COPY --chown=node:node services/worker services/worker
VOLUME ["/data/uploads"]

FROM base AS api
ENV API_PORT=3000
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.API_PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "services/api/src/main.ts"]

FROM base AS worker
CMD ["node", "--import", "tsx", "services/worker/src/main.ts"]
