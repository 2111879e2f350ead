# NATS between the sim and its edges in compose.edges.yaml and deploy/k8s/edges/: Debian 12's
# nats-server (2.9.10) with deploy/nats/nats-server.conf, as a non-root user of a fixed uid.
#   podman build --format docker -f deploy/container/nats.Dockerfile -t localhost/meadow-nats .
ARG DEBIAN_SLIM=docker.io/library/debian:12-slim
FROM ${DEBIAN_SLIM}
# The package's postinst makes the system user nats (uid from the system range); it is renumbered
# to 10002 so that Kubernetes' runAsUser and runAsNonRoot can name it (deploy/k8s/edges/). The
# server owns no files (no JetStream, logs on stderr), so nothing needs its owner changed.
RUN apt-get update \
 && apt-get install -y --no-install-recommends nats-server \
 && rm -rf /var/lib/apt/lists/* \
 && groupmod --gid 10002 nats \
 && usermod --uid 10002 --gid 10002 nats
COPY deploy/nats/nats-server.conf /etc/nats/nats-server.conf
USER 10002
# Clients (the sim and the edges), and monitoring (/varz, /healthz).
EXPOSE 4222 8222
# No curl in the image: bash asks the monitoring port's /healthz itself.
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8222 && printf 'GET /healthz HTTP/1.0\\r\\nHost: localhost\\r\\n\\r\\n' >&3 && head -1 <&3 | grep -q ' 200 '"]
# nats-server shuts down cleanly on SIGINT and SIGTERM alike, but exits 1 after SIGTERM (2.9.10;
# Debian's unit stops it with SIGINT too): SIGINT, so that a stop is not taken for a failure.
STOPSIGNAL SIGINT
ENTRYPOINT ["/usr/sbin/nats-server"]
CMD ["-c", "/etc/nats/nats-server.conf"]
