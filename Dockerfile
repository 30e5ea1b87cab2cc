# The server image for scaled deployments (compose.yaml, docs/install/cluster.md,
# docs/install/kubernetes.md).
# One image runs every instance; everything an instance keeps lives in PostgreSQL, Redis and the
# object store, so instances can be added, removed and killed freely.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 and sharp build or ship their native parts; python3/make/g++ cover the former.
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends python3 make g++ git && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/library/package.json packages/library/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY packages/admin/package.json packages/admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# ffmpeg packages episodes to HLS; fonts render CJK titles in generated images.
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends ffmpeg fonts-noto-cjk ca-certificates \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/var/lib/dm51 DEMO_LIBRARY=off
VOLUME ["/var/lib/dm51"]
EXPOSE 8080
# Liveness only; the balancer and the orchestrator check /readyz for traffic.
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:8080/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains in-flight requests and hands running jobs back to the queue before exiting.
STOPSIGNAL SIGTERM
CMD ["node", "packages/server/dist/server.js"]
