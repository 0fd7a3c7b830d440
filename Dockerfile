# syntax=docker/dockerfile:1
# Threadline's production image (docs/deploy.md). Build: `docker build -t threadline .`
# Run:   `docker run -p 3000:3000 -v threadline-data:/data threadline`, or `docker compose up` (compose.yaml).
#
# Three stages on Node 20 (Debian slim, glibc: sharp's prebuilt linux-x64 binary fits it):
#   build  - every dependency, `npm run build` (app, bundled server, compressed assets, demo pictures)
#   deps   - production dependencies only, as the running store needs them
#   final  - those two copied over, nothing else; runs as the unprivileged `node` user
# `npm ci`: the lockfile lists every platform's optional binaries (biome, rollup, tailwind's oxide),
# so the image installs exactly what CI tested. .npmrc (legacy-peer-deps) goes along so both resolve alike.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund --no-progress
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund --no-progress && npm cache clean --force

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/build ./build
COPY --from=build /app/scripts/serve.sh ./scripts/serve.sh
# The demo catalogue's pictures, drawn by the build (decision 023): a first start with DEMO_DATA=1
# stores them instead of drawing them. Found relative to build/server-main, like the build itself.
COPY --from=build /app/.cache/demo-pictures ./.cache/demo-pictures
# jemalloc for the server's allocations outside V8's heap (decision 066; scripts/serve.sh preloads it).
RUN apt-get update && apt-get install -y --no-install-recommends libjemalloc2 && rm -rf /var/lib/apt/lists/*
# The embedded database, uploaded images, the local mailbox and the generated secret live in DATA_DIR.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Liveness: /healthz answers as soon as the process listens (start-up included). Readiness for a load
# balancer is /readyz (503 while starting or stopping).
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains: requests already received finish, then the process exits within
# SHUTDOWN_GRACE_SECONDS (10). Give `docker stop` more than that: `docker stop -t 20`, or
# stop_grace_period in compose.yaml.
STOPSIGNAL SIGTERM
# How the server starts: scripts/serve.sh, as `npm start` (the allocator and V8 settings of
# docs/performance.md "Memory"; jemalloc, installed above, is preloaded: decision 066).
CMD ["sh", "scripts/serve.sh"]
