#!/usr/bin/env bash
# The PostgreSQL pass (`npm run test:pg`, and the last step of .ci/run): the server's API tests
# against a throwaway PostgreSQL cluster, removed afterwards even when the tests fail.
# Extra arguments go to vitest, e.g. `bash scripts/pg-test.sh apps/server/src/modules/accounts`.
set -euo pipefail
cd "$(dirname "$0")/.."

PG_CLUSTER_DIR=""
cleanup() {
  if [[ -n "$PG_CLUSTER_DIR" ]]; then
    bash scripts/pg-cluster.sh stop "$PG_CLUSTER_DIR" || echo "pg-test: could not remove $PG_CLUSTER_DIR" >&2
  fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

cluster=$(bash scripts/pg-cluster.sh start --fast)
eval "$cluster"
version=$(psql -X -A -t -h 127.0.0.1 -p "$PG_CLUSTER_PORT" -U postgres -d postgres -c 'show server_version' 2>/dev/null || echo '?')
echo "pg-test: PostgreSQL $version on 127.0.0.1:$PG_CLUSTER_PORT ($PG_CLUSTER_DIR)"

# server*: the server's two projects (vitest.config.ts: the files that need a module registry of their own).
TEST_DATABASE_URL="$PG_CLUSTER_URL" npx vitest run --project 'server*' "$@"
