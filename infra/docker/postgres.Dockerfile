# syntax=docker/dockerfile:1
# PostgreSQL with continuous WAL archiving to a pgBackRest repository (point-in-time recovery), for compose.
# PostgreSQL 15: the newest major that Debian 12's pgbackrest (2.45) supports, and the one the restore drill of
# `npm test` runs (infra/backup). The same image runs the `pgbackrest` service, which takes the scheduled
# backups beside the server (it shares the data, socket and repository volumes).
# Pinned by digest (infra/docker/base-images.md); `npm run test:containers` builds on a local stand-in.
ARG POSTGRES_IMAGE=docker.io/library/postgres:15-bookworm@sha256:539ceaaae49b3a7c8a04467cf00cc6788d8e3f1675df41860d86eebc4c40524f
FROM ${POSTGRES_IMAGE} AS postgres
RUN apt-get update \
 && apt-get install -y --no-install-recommends pgbackrest \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/pgbackrest /var/log/pgbackrest /var/spool/pgbackrest \
 && chown postgres:postgres /var/lib/pgbackrest /var/log/pgbackrest /var/spool/pgbackrest
COPY infra/backup/pgbackrest.conf /etc/pgbackrest/pgbackrest.conf
COPY --chmod=755 infra/backup/pgbackrest-schedule.sh /usr/local/bin/pgbackrest-schedule
