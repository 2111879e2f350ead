#!/usr/bin/env bash
# Checks deploy/k8s/ and deploy/k8s/edges/ offline, with no cluster: each file with yamllint
# (Debian's; YAML 1.1 traps such as `on`, indentation, duplicate keys), then
# tests/deploy/k8s-validate/validate.mjs on each folder: each object against the JSON schema of
# its kind (kubernetes-models, generated from Kubernetes' OpenAPI document), unknown fields refused
# as the API server's strict field validation refuses them, Meadow's own rules (one replica,
# Recreate, probes, resources, the token from a Secret, the state volume at --state-dir, only
# flags `meadow-server --help` lists; for edges/, edges.mjs: one sim, NATS, the edges on its
# Service, what an edge may not take, the Ingress's routes, the budget), and broken copies of the
# manifests that must fail. The validator's npm packages are pinned by its package-lock.json.
#   tests/deploy/k8s_manifests_test.sh [BUILD_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$here/build/release}
manifests="$here/deploy/k8s"
validator="$here/tests/deploy/k8s-validate"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# The validator's packages come from deploy/setup-debian.sh (npm ci, pinned by its lock file).
[ -d "$validator/node_modules/kubernetes-models" ] \
  || { echo "FAIL: the validator's npm packages are missing: run deploy/setup-debian.sh"; exit 1; }

passed=0
failed=0
# Kubernetes reads YAML 1.1, where `on`, `yes` and `no` are booleans: only true and false here.
yamllint_config='{extends: default, rules: {line-length: {max: 120}, document-start: disable,
  truthy: {allowed-values: ["true", "false"], check-keys: true}}}'
for f in "$manifests"/*.yaml "$manifests"/edges/*.yaml; do
  if yamllint --strict -d "$yamllint_config" "$f"; then
    echo "ok: yamllint ${f#"$manifests"/}"
    passed=$((passed + 1))
  else
    echo "FAIL: yamllint ${f#"$manifests"/}"
    failed=$((failed + 1))
  fi
done

# The flags the container may pass: those the built server lists, else its source's declarations.
server="$build/server/app/meadow-server"
help_args=()
if [ -x "$server" ]; then
  "$server" --help >"$scratch/help.txt"
  help_args=(--help-text "$scratch/help.txt")
else
  echo "note: no $server (not built): the flags come from server/app/config.cpp"
fi

# The single meadow (deploy/k8s), then the sim with its edges (deploy/k8s/edges), which takes over
# the single meadow's namespace, names and claim.
status=0
v_passed=0
v_failed=0
validate() {
  local out="$scratch/validate.out" counts s
  set +e
  node "$validator/validate.mjs" "$@" --repo "$here" "${help_args[@]}" --self-test | tee "$out"
  s=${PIPESTATUS[0]}
  set -e
  [ "$s" -eq 0 ] || status=$s
  counts=$(grep -aoP '^validator: \K\d+ passed, \d+ failed' "$out" | tail -1)
  [ -n "$counts" ] || { echo "FAIL: the validator printed no count"; exit 1; }
  v_passed=$((v_passed + ${counts%% passed*}))
  v_failed=$((v_failed + $(echo "$counts" | grep -oP '\d+(?= failed)')))
}
validate --dir "$manifests"
validate --layout edges --dir "$manifests/edges" --base "$manifests"
echo "k8s manifests: $((passed + v_passed)) passed, $((failed + v_failed)) failed"
[ "$status" -eq 0 ] && [ "$failed" -eq 0 ] && [ "$v_failed" -eq 0 ]
