# One image for every Vitrine service: `docker run vitrine <subcommand>`.
# Stage 1 builds the React app, stage 2 the binary, stage 3 is the slim runtime.

FROM node:20-bookworm-slim AS frontend
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM rust:1-bookworm AS binary
WORKDIR /src
COPY Cargo.toml Cargo.lock rustfmt.toml ./
COPY proto/ proto/
COPY services/ services/
COPY bench/ bench/
# The SPA's address table, which the edge compiles in (services/edge/src/spa_addresses.rs).
COPY frontend/src/api/addresses.json frontend/src/api/addresses.json
RUN cargo build --release --locked -p vitrine

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 vitrine \
 && useradd --system --uid 10001 --gid 10001 --no-create-home vitrine
COPY --from=binary /src/target/release/vitrine /usr/local/bin/vitrine
COPY --from=frontend /src/frontend/dist /srv/frontend
# The SPA's server build, beside the static dir where the edge looks for it
# (`<VITRINE_STATIC_DIR>/../dist-ssr/`): read at start, pages carry React's markup.
COPY --from=frontend /src/frontend/dist-ssr /srv/dist-ssr
ENV VITRINE_STATIC_DIR=/srv/frontend
# Non-root with a fixed uid and gid (the manifests' runAsUser/runAsGroup). Nothing is
# written at run time, so the root filesystem can be read-only.
USER 10001:10001
EXPOSE 8080
ENTRYPOINT ["vitrine"]
CMD ["all"]
