# Sourced from the checkout's root by the build and test scripts: ccache's settings that let a
# fresh clone (as CI makes) reuse what an earlier clone in another folder compiled.
#
# Paths under the checkout enter ccache's keys relative to it.
export CCACHE_BASEDIR="$PWD"
# ccache also hashes the compiler's working folder whenever it makes debug information, as the
# sanitizer presets do (-g1), so every new clone missed the cache for three of its four build
# trees (release alone hit). Without it, an object taken from the cache names the folder of the
# clone that compiled it as its compilation folder: a sanitizer's report still names each frame's
# function, file and line.
export CCACHE_NOHASHDIR=1
