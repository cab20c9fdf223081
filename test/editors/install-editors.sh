#!/usr/bin/env bash
# The LSP clients of other editors that test/editors/ drives headless, from Debian. CI runs this
# (.ci/run); elsewhere the tests of an editor that is not installed are skipped.
set -euo pipefail
packages=(neovim emacs-nox elpa-eglot vim vim-ale)
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=; [ "$(id -u)" = 0 ] || SUDO="sudo -n"
  $SUDO apt-get -o DPkg::Lock::Timeout=300 update -q >/dev/null
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -q --no-install-recommends "${missing[@]}" </dev/null >/dev/null
fi
echo "[editors] installed: ${packages[*]}"
