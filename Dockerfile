# The reader as an image: built in one stage (dependencies, the wordnet database, the app and
# the server), run in another with only what serving needs, as the unprivileged `node` user.
#   docker build -t dictionary-reader .
#   docker run -p 8080:8080 dictionary-reader
# Proxy mode: add -e DICTIONARY_API_URL=… -e DICTIONARY_API_KEY=… (see README, Configuration).

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 compiles itself where no prebuilt binary can be downloaded.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run data && npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=8080
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/dist ./dist
COPY --from=build /app/data ./data
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# node itself, not npm: it gets SIGTERM, and finishes the requests in progress before it stops.
CMD ["node", "build/server.mjs"]
