#!/usr/bin/env bash
# Does what the Dockerfile does, without a Docker engine: a build stage (full install,
# `npm run build`), a runtime stage (production install only, the build and the server
# sources copied in), then starts it on an empty DATA_DIR and checks GET /api/health.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'kill "${server_pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT

echo "image-check: build stage in $work/build"
mkdir -p "$work/build" "$work/runtime" "$work/data"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} cp --parents {} "$work/build/")
(cd "$work/build" && npm ci --no-audit --no-fund --loglevel=error && npm run build >/dev/null)

echo "image-check: runtime stage (production dependencies only)"
cp "$work/build/package.json" "$work/build/package-lock.json" "$work/build/tsconfig.json" "$work/runtime/"
(cd "$work/runtime" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
cp -r "$work/build/build" "$work/build/server" "$work/build/jobs" "$work/build/contract" "$work/build/db" "$work/runtime/"
mkdir -p "$work/runtime/app" && cp "$work/build/app/load-context.ts" "$work/runtime/app/"
[ ! -d "$work/runtime/node_modules/@remix-run/dev" ] || { echo "image-check: dev dependencies leaked into the runtime"; exit 1; }

# The image's node is Node 24; here the build stage's pinned binary stands in for it.
node24="$work/build/node_modules/.bin/node"
port=$(( 20000 + RANDOM % 20000 ))
echo "image-check: starting on port $port"
cd "$work/runtime"
PATH="$(dirname "$node24"):$PATH" NODE_ENV=production PORT=$port HOST=127.0.0.1 DATA_DIR="$work/data" \
  ANTHROPIC_API_KEY= VOYAGE_API_KEY= node_modules/.bin/tsx server/main.ts >"$work/server.log" 2>&1 &
server_pid=$!
cd "$repo"
for _ in $(seq 1 90); do
  if curl -fsS "http://127.0.0.1:$port/api/health" >"$work/health.json" 2>/dev/null; then break; fi
  sleep 1
done
if ! grep -q '"status":"ok"' "$work/health.json" 2>/dev/null; then
  echo "image-check: the server did not become healthy"; cat "$work/server.log"; exit 1
fi
curl -fsS -o /dev/null "http://127.0.0.1:$port/login" || { echo "image-check: /login did not render"; exit 1; }
echo "image-check: healthy $(cat "$work/health.json"), /login renders"
kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null || true
grep -q "one-time registration code" "$work/server.log" || { echo "image-check: no first-start code printed"; exit 1; }
echo "image-check: passed"
