#!/bin/sh
# The compose `pgbackrest` service: creates the stanza once, then takes a full backup every
# PGBACKREST_FULL_EVERY_DAYS (7) days and a differential one on the other days, every PGBACKREST_EVERY_SECONDS
# (86400). WAL between backups is archived by the server itself (archive_command), so any moment since the
# oldest kept full backup (repo1-retention-full: 2) can be restored.
set -eu
every=${PGBACKREST_EVERY_SECONDS:-86400}
full_every=${PGBACKREST_FULL_EVERY_DAYS:-7}
until pg_isready -q -h /var/run/postgresql -U zaytoon -d zaytoon; do sleep 2; done
pgbackrest --stanza=zaytoon stanza-create
day=0
while :; do
  if [ $((day % full_every)) -eq 0 ]; then type=full; else type=diff; fi
  pgbackrest --stanza=zaytoon --type="$type" backup || echo "pgbackrest: the $type backup failed; trying again in ${every}s" >&2
  day=$((day + 1))
  sleep "$every"
done
