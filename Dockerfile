# Builds the single executable, then runs it on a slim base with the data in a volume.
FROM node:20-bookworm AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=build /src/dist/linkcard /usr/local/bin/linkcard
ENV DATA_DIR=/data PORT=3000
VOLUME /data
WORKDIR /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/3000 && printf 'GET /api/health HTTP/1.0\\r\\n\\r\\n' >&3 && grep -q 200 <&3"]
USER 1000:1000
ENTRYPOINT ["linkcard"]
