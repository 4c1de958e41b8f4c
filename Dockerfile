# 灵犀: the server with the built web app, for PostgreSQL + Redis + S3 or the embedded defaults.
# docs/deploy.md, Running at scale. Build from the repository root: docker build -t lingxi .

# 1. Everything needed to build: all workspaces' dependencies, then the web app and the server bundle.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. The server's production dependencies only (the contract is bundled into dist/main.js).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --workspace apps/server --no-audit --no-fund && npm cache clean --force

# 3. What runs: production dependencies, the server bundle (with its migrations and worker scripts) and the
# web app it serves (apps/server/dist/main.js finds it at ../../web/dist), as the unprivileged `node` user.
FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
# The embedded database (DATA_DIR/pglite), uploads on disk (DATA_DIR/uploads) and the JS-SDK key
# (DATA_DIR/keys): with PostgreSQL and S3 only the key is left here, shared by every instance.
VOLUME /data
EXPOSE 3000
# Liveness only: readiness (/readyz) is for the proxy, which stops sending to an instance that is draining.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/livez').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Operators' tasks: docker compose exec app1 node apps/server/dist/cli.js grant <phone>
CMD ["node", "apps/server/dist/main.js"]
