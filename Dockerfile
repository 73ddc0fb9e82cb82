# syntax=docker/dockerfile:1
# Multi-stage: build the Remix app and compile the server with the dev dependencies, run with
# production ones only.
# scripts/image-check.sh does the same steps in a temporary folder (CI has no Docker engine).

FROM node:24-slim AS build
WORKDIR /app
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# patches/: fixes to dependencies that npm ci applies after installing (patch-package).
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
# Set TRUST_PROXY to the proxies in front (Fly: 1; Render: 2, Cloudflare then its own proxy) so
# the login lockout and rate limits see the real client; leave it unset when nothing proxies the
# container (a client could otherwise forge its address). See the README's Deployment section.
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The compiled server (dist/: no TypeScript at run time), the web build, the migrations, and the
# scripts `npm run serve` and `npm run admin` run.
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
COPY db ./db
COPY scripts/serve.sh scripts/run-entry.mjs ./scripts/
# Not root: the server runs as node's own user (uid 1000), which owns the data volume (a volume
# mounted at /data starts with this folder's owner).
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=40s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# Migrations run at start-up (server/boot.ts), then the server listens on $PORT.
# As `npm run serve`: scripts/serve.sh holds the process's start settings (node flags, malloc
# arenas) and execs node, so the server is the container's main process (ADR 0166, ADR 0196).
CMD ["sh", "scripts/serve.sh"]
