# WalletScreen: one image for every shape. Multi-stage (the build tools stay in the build stage),
# Node 24 LTS, runs as the unprivileged `node` user.
# Build:  docker build -t walletscreen .
# Run the embedded profile (one process, one SQLite file under /data):
#         docker run -p 3000:3000 -v walletscreen-data:/data -e ADMIN_EMAIL=... -e ADMIN_PASSWORD=... walletscreen
# The distributed profile runs the same image as separate processes (docker-compose.yml):
#         node dist/server/api.cjs | workers.cjs | projections.cjs | relay.cjs

FROM node:24-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY domain/package.json domain/
COPY platform/package.json platform/
COPY command-api/package.json command-api/
COPY workers/package.json workers/
COPY projections/package.json projections/
COPY server/package.json server/
COPY frontend/package.json frontend/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production DATA_DIR=/data PORT=3000
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/frontend/dist ./frontend/dist
COPY --from=build /app/package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "dist/server/embedded.cjs"]
