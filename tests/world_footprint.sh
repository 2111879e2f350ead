#!/usr/bin/env bash
# How far each world reaches outside its own folders: for each world, the files of the product
# (server/, client/, proto/, shaders/, web-viewer/src/, deploy/; tests and docs apart) that name
# it although they lie outside every folder named after it (server/sim/<world>/,
# server/stream/<world>/, web-viewer/src/<world>/, …). A world that is one module is named
# outside only where it is registered: the goal is at most five files a world.
#   tests/world_footprint.sh [-v] [WORLD…]     (default: swarm colony mold plate test)
# -v lists the files under each world's count. A file "names" a world when the world's word
# appears in it as a word or a word's start in any case (swarm, Swarm, SWARM_, swarm_step,
# SwarmEngine), so names made from it count too; the test world's word is "test_world" and its
# spellings (TestWorld, TEST_WORLD, WORLD_TEST).
set -euo pipefail
cd "$(dirname "$0")/.."
verbose=0
if [ "${1:-}" = -v ]; then
  verbose=1
  shift
fi
worlds=("$@")
[ ${#worlds[@]} -gt 0 ] || worlds=(swarm colony mold plate test)

product=(server client proto shaders web-viewer/src deploy)

pattern_of() {
  case $1 in
    test) echo '(test_?world|world_?test)' ;;
    *) echo "(^|[^a-z])$1" ;;
  esac
}

# Outside the world's folders: no path component is the world's name (for the test world,
# test_world or testworld).
outside() {
  local world=$1
  case $world in
    test) grep -viE '(^|/)(test_?world)(/|$)' ;;
    *) grep -vE "(^|/)$world(/|$)" ;;
  esac
}

printf '| world | files outside its folders that name it |\n|---|---|\n'
for world in "${worlds[@]}"; do
  files=$(git grep -liE "$(pattern_of "$world")" -- "${product[@]}" ':!*.md' ':!web-viewer/src/gen/*' | outside "$world" || true)
  count=$(printf '%s' "$files" | grep -c . || true)
  printf '| %s | %s |\n' "$world" "$count"
  if [ "$verbose" = 1 ] && [ -n "$files" ]; then
    printf '%s\n' "$files" | sed 's/^/    /'
  fi
done
