#!/bin/sh
# The compose `pgbackrest` service: creates the stanza once, then takes a full backup every
# PITR_FULL_BACKUP_EVERY_DAYS (7) days and a differential one on the other days, every PITR_BACKUP_EVERY_SECONDS
# (86400). WAL between backups is archived by the server itself (archive_command), so any moment since the
# oldest kept full backup (repo1-retention-full: 2) can be restored.
set -eu
# Not PGBACKREST_*: pgBackRest reads every such variable as one of its options (and warns about unknown ones).
# PID 1 in its container: stop at once on the stop signal rather than at the end of a sleep.
trap 'exit 0' INT TERM
every=${PITR_BACKUP_EVERY_SECONDS:-86400}
full_every=${PITR_FULL_BACKUP_EVERY_DAYS:-7}
until pg_isready -q -h /var/run/postgresql -U zaytoon -d zaytoon; do sleep 2; done
pgbackrest --stanza=zaytoon stanza-create
day=0
while :; do
  if [ $((day % full_every)) -eq 0 ]; then type=full; else type=diff; fi
  pgbackrest --stanza=zaytoon --type="$type" backup || echo "pgbackrest: the $type backup failed; trying again in ${every}s" >&2
  day=$((day + 1))
  sleep "$every" &
  wait $!
done
