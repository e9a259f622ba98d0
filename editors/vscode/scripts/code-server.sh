#!/usr/bin/env bash
# Installs code-server (VS Code's workbench served to a browser; the same
# extension host as the desktop editor) into a folder, offline: its npm
# package with install scripts off, then the steps of its postinstall.sh by
# hand, with Debian's ripgrep in place of the one @vscode/ripgrep downloads
# from GitHub and the native modules built from source with node-gyp.
#
#   bash editors/vscode/scripts/code-server.sh [FOLDER]   # default ~/.cache/chartwright/code-server
#   CHARTWRIGHT_CODE_SERVER=FOLDER/node_modules/.bin/code-server node --test editors/vscode/test/
#
# Needs node 20, and (Debian): apt-get install -y ripgrep build-essential
# python3 pkg-config libkrb5-dev libxkbfile-dev libsecret-1-dev
set -euo pipefail
folder=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/chartwright/code-server}
version=4.100.3 # the last that runs on node 20
mkdir -p "$folder"
cd "$folder"
[ -f package.json ] || echo '{"private": true}' > package.json
npm install --no-audit --no-fund --ignore-scripts "code-server@$version"
npm rebuild argon2
cd node_modules/code-server/lib/vscode
npm install --no-audit --no-fund --omit=dev --ignore-scripts
mkdir -p node_modules/@vscode/ripgrep/bin
ln -sf "$(command -v rg)" node_modules/@vscode/ripgrep/bin/rg
# node-pty's last step (compile_commands.json through npx) fetches node-gyp
# and fails offline; its module is built before that.
npm rebuild @parcel/watcher @vscode/deviceid @vscode/spdlog kerberos native-watchdog node-pty || true
for m in @vscode/deviceid @vscode/spdlog kerberos native-watchdog node-pty; do
  node -e "require('$m')" || { echo "code-server.sh: $m did not build" >&2; exit 1; }
done
ln -sfn node_modules node_modules.asar
(cd bin/remote-cli && ln -sf code-linux.sh code-server)
(cd bin/helpers && ln -sf browser-linux.sh browser.sh)
(cd extensions && npm install --no-audit --no-fund --omit=dev)
echo "code-server.sh: $("$folder/node_modules/.bin/code-server" --version | head -1)"
echo "code-server.sh: CHARTWRIGHT_CODE_SERVER=$folder/node_modules/.bin/code-server"
