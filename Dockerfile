# syntax=docker/dockerfile:1
# Santap: the API server and the four apps it serves, as one image (apps/api/docs/deployment.md).
#   docker build -t santap .
#   docker run --env-file santap.env -p 3000:3000 santap
# tooling/deploy reads this file: its tests start the ENTRYPOINT as written here and check what the last
# stage holds, and `pnpm test:deploy` assembles the last stage's files and runs them.

ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: the frozen install, then the server bundle and the four apps -------------------------------
FROM ${NODE_IMAGE} AS build
ENV TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
# The version the root package.json names (corepack is not relied on).
RUN npm install --global pnpm@10.34.9
WORKDIR /src
# Every package the lockfile names, fetched into pnpm's store: cached until the lockfile changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml .npmrc ./
RUN pnpm fetch
COPY . .
RUN pnpm install --frozen-lockfile --offline
# The apps' build-time settings (apps/diner README, apps/*/src/config/env.ts); empty: the default.
ARG VITE_GOOGLE_CLIENT_ID=
ARG VITE_FACEBOOK_APP_ID=
ARG VITE_DEFAULT_COUNTRY=
ARG VITE_MARKETING_URL_ID=
ARG VITE_MARKETING_URL_GLOBAL=
# What `pnpm start` builds: the server (tsup bundles the workspace packages into dist/main.js) and the
# apps it serves (dist/, and dist-ssr/ for the three rendered on the server).
RUN pnpm exec turbo run build --output-logs=errors-only \
    --filter=@santap/api... --filter=@santap/diner... --filter=@santap/foodcourt... \
    --filter=@santap/kiosk... --filter=@santap/staff...

# --- runtime-deps: production node_modules of what runs ---------------------------------------------------
# The server's dependencies stay outside its bundle (sharp with its native binary for this platform,
# PGlite, pg, fastify, …); the three server renders import react, react-router and i18next from their
# app's node_modules. A fresh install of only those four packages' production dependencies; the
# workspace links are dropped (the bundles hold those packages already). Of the printers' CJK font
# (@fontsource/noto-sans-sc, 74 MB) only the two WOFF weights the docket rasterizer reads stay (about 9 MB;
# apps/api/src/services/adapters/printers/README.md).
FROM build AS runtime-deps
RUN rm -rf node_modules apps/*/node_modules packages/*/node_modules tooling/*/node_modules \
 && pnpm install --frozen-lockfile --offline --prod \
    --filter=@santap/api --filter=@santap/diner --filter=@santap/foodcourt --filter=@santap/kiosk \
 && rm -rf apps/*/node_modules/@santap \
 && find node_modules/.pnpm -path '*@fontsource/noto-sans-sc/files/*' \
      ! -name '*-400-normal.woff' ! -name '*-700-normal.woff' -delete

# --- runtime: only what `node apps/api/dist/main.js` reads ----------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production SANTAP_MODE=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /src/node_modules ./node_modules
# The server: its bundle, the SQL migrations it runs at start (found beside dist/), its entrypoint and
# health check, and its package.json (type: module).
COPY --from=build /src/apps/api/package.json ./apps/api/package.json
COPY --from=runtime-deps /src/apps/api/node_modules ./apps/api/node_modules
COPY --from=build /src/apps/api/dist ./apps/api/dist
COPY --from=build /src/apps/api/drizzle ./apps/api/drizzle
COPY --from=build /src/apps/api/scripts ./apps/api/scripts
# The apps, found by the server beside its own folder (apps/<name>/dist, routes/web.ts appDist).
COPY --from=build /src/apps/diner/package.json ./apps/diner/package.json
COPY --from=runtime-deps /src/apps/diner/node_modules ./apps/diner/node_modules
COPY --from=build /src/apps/diner/dist ./apps/diner/dist
COPY --from=build /src/apps/diner/dist-ssr ./apps/diner/dist-ssr
COPY --from=build /src/apps/foodcourt/package.json ./apps/foodcourt/package.json
COPY --from=runtime-deps /src/apps/foodcourt/node_modules ./apps/foodcourt/node_modules
COPY --from=build /src/apps/foodcourt/dist ./apps/foodcourt/dist
COPY --from=build /src/apps/foodcourt/dist-ssr ./apps/foodcourt/dist-ssr
COPY --from=build /src/apps/kiosk/package.json ./apps/kiosk/package.json
COPY --from=runtime-deps /src/apps/kiosk/node_modules ./apps/kiosk/node_modules
COPY --from=build /src/apps/kiosk/dist ./apps/kiosk/dist
COPY --from=build /src/apps/kiosk/dist-ssr ./apps/kiosk/dist-ssr
COPY --from=build /src/apps/staff/dist ./apps/staff/dist
# The code stays root's and read-only to the server; it writes only DATA_DIR (PGlite when no
# DATABASE_URL, photos on disk when no S3): mount a volume there for a single-container install.
RUN mkdir -p /data && chown 1000:1000 /data
# The node image's unprivileged `node` user, by number so Kubernetes can verify runAsNonRoot.
USER 1000:1000
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
    CMD ["node", "/app/apps/api/scripts/healthcheck.mjs"]
# Exec form: node is the process that receives SIGTERM (graceful shutdown, apps/api/src/main.ts).
ENTRYPOINT ["node", "/app/apps/api/scripts/start.mjs"]
