#!/bin/bash
# The browser suite as `npm run test:e2e` runs it, beside two CPU burners (a loaded CI machine), each bounded in time.
# Usage: scripts/e2e-under-load.sh [vitest arguments, e.g. a file]   (build first: npm run build)
set -u
cd "$(dirname "$0")/.."
timeout 2700 node -e 'for(;;){}' & b1=$!
timeout 2700 node -e 'for(;;){}' & b2=$!
start=$(date +%s)
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}" timeout 2600 npx vitest run --config vitest.e2e.config.ts "$@"
rc=$?
kill "$b1" "$b2" 2>/dev/null
echo "exit $rc after $(( $(date +%s) - start )) s; load $(cut -d' ' -f1-3 /proc/loadavg)"
exit $rc
