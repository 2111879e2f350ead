# Prometheus beside the meadow in compose.yaml: Debian's prometheus, scraping the meadow service
# every 5 s and evaluating deploy/prometheus/meadow-alerts.yml.
ARG DEBIAN_SLIM=docker.io/library/debian:12-slim
FROM ${DEBIAN_SLIM}
RUN apt-get update \
 && apt-get install -y --no-install-recommends prometheus \
 && rm -rf /var/lib/apt/lists/*
COPY deploy/prometheus/meadow-alerts.yml /etc/prometheus/meadow-alerts.yml
COPY deploy/container/prometheus.yml /etc/prometheus/prometheus.yml
USER prometheus
EXPOSE 9090
CMD ["prometheus", "--config.file=/etc/prometheus/prometheus.yml", "--storage.tsdb.path=/var/lib/prometheus/metrics2", "--web.listen-address=:9090"]
