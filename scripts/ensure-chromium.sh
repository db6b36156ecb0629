#!/usr/bin/env bash
# Installs Debian's Chromium and its driver for the browser tests, only when they are missing.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "Chromium not found: installing Debian's chromium and chromium-driver…"
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
command -v chromium >/dev/null
