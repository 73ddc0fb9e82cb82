#!/usr/bin/env bash
# Does what the Dockerfile does, without a Docker engine: a build stage (full install,
# `npm run build`), a runtime stage (production install only, the build and the server
# sources copied in), then starts it on an empty DATA_DIR and checks GET /api/health.
#   --reuse-build: the build stage is the checkout itself, as CI leaves it (a clean clone,
#   `npm ci` from the lock file, `npm run build`): the same two commands on the same files, so
#   CI does not run them a second time. With a tracked file changed, or no build yet, the build
#   stage runs in the temporary folder as without the flag.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'kill "${server_pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
mkdir -p "$work/runtime" "$work/data"

if [ "${1:-}" = --reuse-build ] && [ -z "$(git -C "$repo" status --porcelain --untracked-files=no)" ] &&
  [ -f "$repo/build/server/index.js" ] && [ -f "$repo/dist/main.js" ] && [ -x "$repo/node_modules/.bin/node" ]; then
  build="$repo"
  echo "image-check: build stage is the checkout ($build): npm ci and npm run build ran there"
else
  build="$work/build"
  echo "image-check: build stage in $build"
  mkdir -p "$build"
  (cd "$repo" && git ls-files -z --cached --others --exclude-standard | xargs -0 -I{} cp --parents {} "$build/")
  (cd "$build" && npm ci --no-audit --no-fund --loglevel=error && npm run build >/dev/null)
fi

echo "image-check: runtime stage (production dependencies only)"
cp "$build/package.json" "$build/package-lock.json" "$work/runtime/"
cp -r "$build/patches" "$work/runtime/"
(cd "$work/runtime" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
cp -r "$build/build" "$build/dist" "$build/db" "$work/runtime/"
mkdir -p "$work/runtime/scripts" && cp "$build/scripts/serve.sh" "$build/scripts/run-entry.mjs" "$work/runtime/scripts/"
[ ! -d "$work/runtime/node_modules/@remix-run/dev" ] || { echo "image-check: dev dependencies leaked into the runtime"; exit 1; }
# The server runs compiled: no TypeScript loader in the image.
[ ! -d "$work/runtime/node_modules/tsx" ] || { echo "image-check: tsx is in the runtime; the server must run compiled (dist/)"; exit 1; }
# The image runs as a user of its own, not root (what a container engine would check).
grep -q '^USER node$' "$repo/Dockerfile" || { echo "image-check: the Dockerfile's runtime stage does not run as the node user"; exit 1; }

# The image's node is Node 24; here the build stage's pinned binary stands in for it.
node24="$build/node_modules/.bin/node"
port=$(( 20000 + RANDOM % 20000 ))
echo "image-check: starting on port $port"
cd "$work/runtime"
PATH="$(dirname "$node24"):$PATH" NODE_ENV=production PORT=$port HOST=127.0.0.1 DATA_DIR="$work/data" \
  ANTHROPIC_API_KEY= VOYAGE_API_KEY= sh scripts/serve.sh >"$work/server.log" 2>&1 &
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
# `npm run admin` as an operator runs it in the container: the compiled CLI, through the server.
(cd "$work/runtime" && PATH="$(dirname "$node24"):$PATH" NODE_ENV=production DATA_DIR="$work/data" npm run --silent admin -- invite) >"$work/admin.txt" 2>&1 ||
  { echo "image-check: npm run admin failed"; cat "$work/admin.txt"; exit 1; }
grep -Eq '^TOME-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$' "$work/admin.txt" || { echo "image-check: npm run admin printed no code"; cat "$work/admin.txt"; exit 1; }
echo "image-check: npm run admin -- invite works"
kill -TERM "$server_pid"; wait "$server_pid" 2>/dev/null || true
grep -q "one-time registration code" "$work/server.log" || { echo "image-check: no first-start code printed"; exit 1; }
echo "image-check: passed"
