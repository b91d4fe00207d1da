#!/bin/sh
set -eu
# As the official image's entrypoint: anything but the server (e.g. compose's pgbackrest service) runs as given.
if [ "${1:-}" != postgres ]; then exec "$@"; fi
mkdir -p "$PGDATA" /run/postgresql
chown -R postgres:postgres "$PGDATA" /run/postgresql
chmod 700 "$PGDATA"
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s' "$POSTGRES_PASSWORD" > /tmp/pwfile
  chown postgres /tmp/pwfile
  as_postgres initdb -D "$PGDATA" --encoding=UTF8 --locale=C.UTF-8 -U "${POSTGRES_USER:-postgres}" --pwfile=/tmp/pwfile --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  # Set up on a socket of its own: pg_isready (the healthcheck) must not see this temporary server.
  mkdir -p /tmp/initdb-socket && chown postgres /tmp/initdb-socket
  as_postgres pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -k /tmp/initdb-socket" -w start >/dev/null
  database="${POSTGRES_DB:-${POSTGRES_USER:-postgres}}"
  if [ "$database" != postgres ]; then
    as_postgres createdb -h /tmp/initdb-socket -U "${POSTGRES_USER:-postgres}" "$database"
  fi
  as_postgres pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
fi
exec setpriv --reuid=postgres --regid=postgres --init-groups "$@" -D "$PGDATA" -c listen_addresses='*'
