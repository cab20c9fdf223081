#!/bin/sh
# Installs Debian's PostgreSQL server for the team tests and benchmark (test/team/), as root.
# The tests start their own throwaway cluster on 127.0.0.1 (initdb + pg_ctl as the `postgres`
# user the package creates), so the cluster the package sets up is stopped and left unused.
set -eu
if [ "$(id -u)" -ne 0 ]; then
  echo "install-postgres.sh: run as root (it uses apt-get)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends postgresql
# Debian starts a cluster of its own on port 5432; the tests do not use it.
if command -v pg_ctlcluster >/dev/null 2>&1; then
  for cluster in $(pg_lsclusters -h 2>/dev/null | awk '{print $1 "/" $2}'); do
    pg_ctlcluster "${cluster%/*}" "${cluster#*/}" stop || true
  done
fi
ls -d /usr/lib/postgresql/*/bin/pg_ctl
