# syntax=docker/dockerfile:1
# PostgreSQL with continuous WAL archiving to a pgBackRest repository (point-in-time recovery), for compose.
# PostgreSQL 15: the newest major that Debian 12's pgbackrest (2.45) supports, and the one the restore drill of
# `npm test` runs (infra/backup). The same image runs the `pgbackrest` service, which takes the scheduled
# backups beside the server (it shares the data, socket and repository volumes).
ARG POSTGRES_IMAGE=postgres:15-bookworm
FROM ${POSTGRES_IMAGE} AS postgres
RUN apt-get update \
 && apt-get install -y --no-install-recommends pgbackrest \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/pgbackrest /var/log/pgbackrest /var/spool/pgbackrest \
 && chown postgres:postgres /var/lib/pgbackrest /var/log/pgbackrest /var/spool/pgbackrest
COPY infra/backup/pgbackrest.conf /etc/pgbackrest/pgbackrest.conf
COPY --chmod=755 infra/backup/pgbackrest-schedule.sh /usr/local/bin/pgbackrest-schedule
