# The club site: Node.js 20 (the version @types/node and engines name) serving the SPA and the API (WORKERS processes, see docs/operations.md).
# scripts/check-image-build.mjs runs this file's build steps without Docker (CI).
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json tsconfig.base.json ./
# The pnpm the lockfile is made with (package.json's packageManager, also read by .ci/run), through
# Node's corepack: never whatever is newest.
RUN corepack enable pnpm && corepack install
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY prisma prisma
# pnpm applies the patches in patches/ while installing (patchedDependencies in pnpm-workspace.yaml)
COPY patches patches
RUN pnpm install --frozen-lockfile --ignore-scripts
COPY . .
RUN pnpm --filter @club/api generate && pnpm build
# Only the runtime dependencies go into the image: the server and the operator's commands run as
# bundles (apps/api/dist/*.mjs), so no TypeScript loader, build tool or log prettifier is needed.
RUN CI=true pnpm install --prod --frozen-lockfile --ignore-scripts

FROM node:20-bookworm-slim
# pg_dump and pg_restore of the PostgreSQL major version that docker-compose.yml runs (a newer
# server than the client cannot be dumped): from PostgreSQL's own Debian repository, set up by
# Debian's postgresql-common.
ARG PG_MAJOR=16
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
 && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
 && apt-get install -y --no-install-recommends postgresql-client-${PG_MAJOR} \
 && rm -rf /var/lib/apt/lists/*
# Two malloc arenas instead of eight per core: the same speed here, tens of MB less per process (docs/decisions.md).
ENV MALLOC_ARENA_MAX=2 NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data PG_DUMP=/usr/lib/postgresql/${PG_MAJOR}/bin/pg_dump PG_RESTORE=/usr/lib/postgresql/${PG_MAJOR}/bin/pg_restore
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data /backups && chown node:node /data /backups
# Never as root: the site runs as the image's unprivileged user node.
USER node
EXPOSE 3000
# Ready, not only alive: database reachable, migrations applied, outbox moving, disk not full.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s CMD node -e "fetch('http://127.0.0.1:3000/readyz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# A young generation of 4 MB instead of 16 MB per semi-space, and a full collection once the old generation grew by a
# fifth (docs/decisions.md, «Memory of a server process»).
CMD ["node", "--max-semi-space-size=4", "--heap-growing-percent=20", "apps/api/dist/server.mjs"]
