#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests and benchmarks: its own temp directory, a free port on
# 127.0.0.1 (trust auth), its unix socket inside that directory. Nothing of the machine's own
# PostgreSQL (if any) is touched.
#
#   scripts/pg-cluster.sh available          exit 0 when PostgreSQL server binaries are found
#   scripts/pg-cluster.sh start [--fast]     start one; prints shell assignments on stdout:
#                                              PG_CLUSTER_DIR=… PG_CLUSTER_PORT=… PG_CLUSTER_URL=…
#                                              PG_CLUSTER_SOCKET_URL=… (the same server through its unix socket)
#   scripts/pg-cluster.sh stop DIR           stop it and remove DIR (safe to call twice)
#
# --fast turns off fsync and synchronous commit: fine for tests, whose data is thrown away, but not
# used for benchmarks, which should pay what a real server pays.
# PG_BIN overrides where initdb/pg_ctl are looked for; PG_CLUSTER_SETTINGS adds "-c name=value …".
# As root, the cluster runs as the `postgres` user (initdb refuses root).
set -euo pipefail

find_bin() {
  if [[ -n "${PG_BIN:-}" ]]; then echo "$PG_BIN"; return 0; fi
  local dir
  # Debian keeps server binaries off PATH, one directory per major version; prefer 15 (what CI tests).
  for dir in /usr/lib/postgresql/15/bin $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -rV); do
    if [[ -x "$dir/initdb" && -x "$dir/pg_ctl" ]]; then echo "$dir"; return 0; fi
  done
  if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then dirname "$(command -v initdb)"; return 0; fi
  return 1
}

# Runs a command as the cluster's owner: `postgres` when we are root, else ourselves.
as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

free_port() {
  # The kernel picks a free ephemeral port; a clash in the moment before postgres binds it is
  # handled by retrying start.
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

cmd_start() {
  local fast=0
  [[ "${1:-}" == "--fast" ]] && fast=1
  local bin
  bin=$(find_bin) || { echo "pg-cluster: PostgreSQL server binaries not found (apt-get install postgresql)" >&2; exit 1; }
  local dir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/pg-cluster.XXXXXX")
  if [[ $(id -u) -eq 0 ]]; then
    id postgres >/dev/null 2>&1 || { echo "pg-cluster: no 'postgres' user to run the cluster as" >&2; rm -rf "$dir"; exit 1; }
    chown postgres:postgres "$dir"
  fi
  chmod 700 "$dir"
  # C.UTF-8 character classes so that pg_trgm and text search treat Chinese characters as letters.
  if ! as_owner "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1; then
    cat "$dir/initdb.log" >&2
    rm -rf "$dir"
    exit 1
  fi
  local opts="-c listen_addresses=127.0.0.1 -c unix_socket_directories=$dir -c max_connections=200"
  if [[ $fast -eq 1 ]]; then
    opts+=" -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
  fi
  opts+=" ${PG_CLUSTER_SETTINGS:-}"
  local port attempt
  for attempt in 1 2 3; do
    port=$(free_port)
    if as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 -o "$opts -c port=$port" start >/dev/null; then
      echo "PG_CLUSTER_DIR=$dir"
      echo "PG_CLUSTER_PORT=$port"
      echo "PG_CLUSTER_URL=postgres://postgres@127.0.0.1:$port/postgres"
      echo "PG_CLUSTER_SOCKET_URL=postgres://postgres@localhost/postgres?host=$dir&port=$port"
      return 0
    fi
    echo "pg-cluster: start on port $port failed (attempt $attempt)" >&2
    tail -n 20 "$dir/server.log" >&2 || true
  done
  rm -rf "$dir"
  exit 1
}

cmd_stop() {
  local dir="${1:?usage: pg-cluster.sh stop DIR}"
  # Refuse anything that is not one of ours, so a wrong argument can never remove another directory.
  case "$(basename "$dir")" in
    pg-cluster.*) ;;
    *) echo "pg-cluster: refusing to remove $dir (not a pg-cluster directory)" >&2; exit 1 ;;
  esac
  [[ -d "$dir" ]] || return 0
  local bin
  if bin=$(find_bin) && [[ -f "$dir/data/postmaster.pid" ]]; then
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w -t 30 stop >/dev/null 2>&1 ||
      as_owner "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  available) find_bin >/dev/null ;;
  start) shift; cmd_start "$@" ;;
  stop) shift; cmd_stop "$@" ;;
  *) echo "usage: pg-cluster.sh available | start [--fast] | stop DIR" >&2; exit 2 ;;
esac
