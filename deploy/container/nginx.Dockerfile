# nginx in front of the meadow in compose.yaml: Debian's nginx with deploy/nginx/meadow.conf as it
# is (it shares the meadow's network namespace, so its upstreams on 127.0.0.1 are the meadow's
# ports). The certificate comes in as a volume at /etc/ssl/meadow (fullchain.pem, privkey.pem).
ARG DEBIAN_SLIM=docker.io/library/debian:12-slim
FROM ${DEBIAN_SLIM}
RUN apt-get update \
 && apt-get install -y --no-install-recommends nginx \
 && rm -rf /var/lib/apt/lists/* /etc/nginx/sites-enabled/default \
 && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
COPY deploy/nginx/meadow.conf /etc/nginx/conf.d/meadow.conf
EXPOSE 80 443
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
