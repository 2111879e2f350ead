# Meadow's server in a container: built on Debian 12, run on Debian 12 slim as a non-root user,
# with the viewer's files inside, a health check on /healthz and the meadow's state in a volume.
#   podman build -t meadow .            (or docker build; --format docker keeps the HEALTHCHECK)
#   podman run -p 8080:8080 -v meadow-state:/var/lib/meadow meadow
# compose.yaml puts nginx (TLS) in front and Prometheus beside it; deploy/container/README.md.

# The bases: Debian's official images. Where no registry can be reached, any Debian 12 image of
# your own will do (tests/deploy/container_test.sh makes them with debootstrap).
ARG DEBIAN=docker.io/library/debian:12
ARG DEBIAN_SLIM=docker.io/library/debian:12-slim

FROM ${DEBIAN} AS build
WORKDIR /src
# The toolchain first, so that a change of the sources reuses this layer.
COPY deploy/setup-debian.sh deploy/setup-debian.sh
COPY web-viewer/package.json web-viewer/package-lock.json web-viewer/
RUN ./deploy/setup-debian.sh --build-only && rm -rf /var/lib/apt/lists/*
COPY . .
RUN cmake -S . -B build/image -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DMEADOW_BUILD_TESTS=OFF -DMEADOW_BUILD_BENCH=OFF -DMEADOW_HEADER_CHECK=OFF \
 && cmake --build build/image \
 && npm --prefix web-viewer run build \
 && DESTDIR=/out cmake --install build/image --prefix /usr/local --strip

FROM ${DEBIAN_SLIM} AS runtime
# The shared libraries meadow-server and meadowctl link (ldd), and Vulkan's loader: the GPU
# engine needs a driver besides (a GPU host's, passed in; or mesa-vulkan-drivers for lavapipe).
RUN apt-get update \
 && apt-get install -y --no-install-recommends \
      libgrpc++1.51 libprotobuf32 libspdlog1.10 libfmt9 libzstd1 libvpx7 libsqlite3-0 libnats3.4 libvulkan1 \
      ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 meadow \
 && useradd --system --uid 10001 --gid 10001 --home-dir /var/lib/meadow --shell /usr/sbin/nologin meadow \
 && install -d -o meadow -g meadow -m 0750 /var/lib/meadow
COPY --from=build /out/ /
# By number, so that Kubernetes' runAsNonRoot can tell without a passwd file.
USER 10001
WORKDIR /var/lib/meadow
VOLUME /var/lib/meadow
# The viewers (HTTP, WebSocket, /healthz, /metrics), the operator's gRPC, the native viewers' gRPC.
EXPOSE 8080 8081 8082
# Every flag can also be set as MEADOW_<FLAG> (meadow-server --help).
ENV MEADOW_BIND=0.0.0.0 \
    MEADOW_PORT=8080 \
    MEADOW_WEB_ROOT=/usr/local/share/meadow/web \
    MEADOW_VIEWER_GRPC_BIND=0.0.0.0 \
    MEADOW_VIEWER_GRPC_PORT=8082 \
    MEADOW_LOG_JSON=true
# No curl in the image: bash asks for /healthz itself.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${MEADOW_PORT} && printf 'GET /healthz HTTP/1.0\\r\\nHost: localhost\\r\\n\\r\\n' >&3 && head -1 <&3 | grep -q ' 200 '"]
STOPSIGNAL SIGTERM
ENTRYPOINT ["meadow-server"]
# The state as a flag, not MEADOW_STATE_DIR, so that other arguments (--replay DIR) can replace it.
CMD ["--state-dir", "/var/lib/meadow"]
