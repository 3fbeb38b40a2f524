#!/usr/bin/env bash
# Server test files on PGlite, each file's database from initdb + migrations (old: TEST_PGLITE_IMAGE=off)
# vs from the run's migrated image (new), alternated; prints wall and CPU (user + sys of the whole
# vitest process tree) per run. CPU is the figure to compare on a shared machine.
# Usage: bench/ci/server-files.ab.sh [rounds] file...   (paths relative to apps/server)
set -uo pipefail
cd "$(dirname "$0")/../../apps/server"
rounds=${1:-2}; shift
for round in $(seq 1 "$rounds"); do
  for variant in old new; do
    image=on; [ "$variant" = old ] && image=off
    log=$(mktemp)
    TEST_PGLITE_IMAGE=$image /usr/bin/time -f "$variant round $round: %e s wall, %U s user, %S s sys" \
      npx vitest run --project server "$@" >"$log" 2>&1
    tail -n 1 "$log"
    sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^\s+Tests ' || echo "(no test summary: see $log)"
  done
done
