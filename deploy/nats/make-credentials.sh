#!/usr/bin/env bash
# Makes what locks Meadow's NATS (deploy/README.md, "Many edges on NATS"): a CA of this meadow's
# own, NATS's server certificate, one client certificate for the sim and one per edge, and
# users.conf, the users NATS maps those certificates to and what each may publish and subscribe.
# deploy/nats/nats-server.conf includes users.conf and reads the rest from /etc/nats/tls/.
#
#   deploy/nats/make-credentials.sh [--subject PREFIX] [--host NAME]... [--shared-edges NAME] DIR [EDGE...]
#
#   DIR             where the files go (made if missing; an existing CA there is reused, so that
#                   adding an edge later keeps the others' certificates good)
#   EDGE...         the edges' names (--edge-name): each gets EDGE.pem and EDGE.key, and may
#                   publish only its own hello, actions and report and read only its own viewers'
#                   messages and its own inbox
#   --subject P     the meadow's subject prefix (--nats-subject; meadow)
#   --host NAME     a name NATS is reached by, in its certificate (repeatable); localhost,
#                   127.0.0.1, nats and meadow-nats are always there
#   --shared-edges NAME   one certificate NAME.pem for edges that share one secret and take their
#                   names from their hosts (a Kubernetes Deployment's pods): it may publish as any
#                   edge, so NATS keeps it from acting as the sim but not as a sibling edge (the
#                   sim still holds every edge to its own viewers)
#
# The sim: --nats tls://HOST:4222 --nats-tls-ca DIR/ca.pem --nats-tls-cert DIR/sim.pem
# --nats-tls-key DIR/sim.key; an edge likewise with its own pair. NATS: DIR mounted at
# /etc/nats/tls (its image's user must read server.key). Keys are written 0600: hand each to the
# user of the process that reads it (chown), and each edge only its own.
set -euo pipefail

die() { echo "make-credentials: $*" >&2; exit 2; }
usage() { sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; }

prefix=meadow
hosts=(localhost 127.0.0.1 nats meadow-nats)
shared=
while [ $# -gt 0 ]; do
  case $1 in
    --subject) [ $# -ge 2 ] || die "--subject needs a value"; prefix=$2; shift 2 ;;
    --host) [ $# -ge 2 ] || die "--host needs a value"; hosts+=("$2"); shift 2 ;;
    --shared-edges) [ $# -ge 2 ] || die "--shared-edges needs a value"; shared=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    -*) die "unknown option $1 (--help)" ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || die "which folder? (--help)"
dir=$1
shift
edges=("$@")
[ ${#edges[@]} -gt 0 ] || [ -n "$shared" ] || die "no edges named: give their names, or --shared-edges NAME"

# Names become subject tokens and file names: the server's own rule (edge_subjects.hpp).
token='^[A-Za-z0-9_-]{1,64}$'
for name in "${edges[@]}" $shared; do
  [[ $name =~ $token ]] || die "'$name' is not an edge name (letters, digits, - and _, at most 64)"
  [ "$name" != sim ] && [ "$name" != server ] && [ "$name" != ca ] || die "'$name' is taken by the files here"
done
IFS=. read -ra words <<<"$prefix"
for w in "${words[@]}"; do [[ $w =~ $token ]] || die "--subject wants dot-separated words, not '$prefix'"; done

mkdir -p "$dir"
cd "$dir"
umask 077
days=825  # the longest life clients such as Apple's accept for a leaf certificate

# The CA: a meadow's own, trusted by nothing else.
if [ ! -f ca.pem ] || [ ! -f ca.key ]; then
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 3650 \
    -subj "/CN=Meadow NATS CA" -keyout ca.key -out ca.pem 2>/dev/null
fi

# A leaf certificate: NAME, its subject, its extensions.
leaf() {
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -subj "/CN=$2" \
    -keyout "$1.key" -out "$1.csr" 2>/dev/null
  printf '%s\n' "$3" >"$1.ext"
  openssl x509 -req -in "$1.csr" -CA ca.pem -CAkey ca.key -CAcreateserial -days "$days" \
    -extfile "$1.ext" -out "$1.pem" 2>/dev/null
  rm -f "$1.csr" "$1.ext"
  chmod 600 "$1.key"
  chmod 644 "$1.pem"
}

san=
for h in "${hosts[@]}"; do
  if [[ $h =~ ^[0-9.]+$ || $h == *:* ]]; then san+=",IP:$h"; else san+=",DNS:$h"; fi
done
leaf server meadow-nats "subjectAltName=${san#,}
extendedKeyUsage=serverAuth"
# NATS maps a client certificate to the user named by its e-mail address (verify_and_map).
user_of() { echo "$1@$prefix.nats.meadow"; }
leaf sim meadow-sim "subjectAltName=email:$(user_of sim)
extendedKeyUsage=clientAuth"
for name in "${edges[@]}" $shared; do
  leaf "$name" "meadow-edge $name" "subjectAltName=email:$(user_of "$name")
extendedKeyUsage=clientAuth"
done
chmod 644 ca.pem
rm -f ca.srl

# What each may do (server/edge/edge_subjects.hpp names the subjects). The sim publishes frames,
# broadcasts, beats and each edge's own messages, reads the edges' hellos, actions and reports,
# and answers hellos (allow_responses). An edge publishes only its own hello, actions and report
# and reads what all edges read, its own viewers' messages and its own inbox (its welcome).
edge_user() {  # NAME, the subject token it may publish as
  cat <<EOF
    {
      user: "$(user_of "$1")"
      permissions: {
        publish: { allow: ["$prefix.hello.$2", "$prefix.actions.$2", "$prefix.report.$2"] }
        subscribe: { allow: ["$prefix.frame.*", "$prefix.broadcast", "$prefix.beat", "$prefix.edge.$2.viewer",
                             "$prefix.edge.$2.close", "_INBOX.$prefix.$2.>"] }
      }
    }
EOF
}
{
  echo "# Made by deploy/nats/make-credentials.sh for subjects '$prefix.*': the users NATS maps client"
  echo "# certificates to (by their e-mail address) and what each may publish and subscribe."
  echo "authorization {"
  echo "  users = ["
  cat <<EOF
    {
      user: "$(user_of sim)"
      permissions: {
        publish: { allow: ["$prefix.frame.*", "$prefix.broadcast", "$prefix.beat", "$prefix.edge.*.viewer",
                           "$prefix.edge.*.close"] }
        subscribe: { allow: ["$prefix.hello.*", "$prefix.actions.*", "$prefix.report.*"] }
        allow_responses: { max: 1, expires: "10s" }
      }
    }
EOF
  for name in "${edges[@]}"; do edge_user "$name" "$name"; done
  [ -z "$shared" ] || edge_user "$shared" '*'
  echo "  ]"
  echo "}"
} >users.conf
chmod 644 users.conf
echo "make-credentials: $dir: ca.pem, server, sim${edges[*]:+ and ${edges[*]}}${shared:+, shared $shared}; users.conf for '$prefix'"
