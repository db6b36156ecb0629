#!/usr/bin/env bash
# The browser the browser tests drive: Chromium or Google Chrome, named by CHROME_PATH or else found on PATH, where
# Chromium's headless shell comes first (the same engine without the browser's interface: each page the tests open
# costs about a third of the processor time, see docs/measurements.md). When there is no browser, Debian as root gets
# Debian's chromium and chromium-headless-shell installed; anywhere else this says what to install and fails, so that
# `npm test` (whose pretest step this is) stops at once instead of skipping the browser tests. Debian as root with a
# full browser but no headless shell gets the shell installed too, when its package can be had (else a warning).
#   bash scripts/ensure-chromium.sh          find the browser, or install it (Debian, root) or fail
#   bash scripts/ensure-chromium.sh --find   find it and print its path, never install (test/browser/browser.ts)
# Only bash's builtins, `id` and `apt-get` are used. DOCS_IT_OS_RELEASE names the os-release file (for its tests).
set -euo pipefail

shells=(chromium-headless-shell chrome-headless-shell)
names=("${shells[@]}" chromium chromium-browser google-chrome google-chrome-stable chrome)

# Prints the browser's path; returns 1 when there is none, 2 when CHROME_PATH names something else.
find_browser() {
  if [ -n "${CHROME_PATH:-}" ]; then
    if [ -f "$CHROME_PATH" ] && [ -x "$CHROME_PATH" ]; then
      echo "$CHROME_PATH"
      return 0
    fi
    echo "CHROME_PATH is '$CHROME_PATH', which is not an executable file: set it to Chromium's or Chrome's." >&2
    return 2
  fi
  local name found
  for name in "${names[@]}"; do
    if found=$(command -v "$name"); then
      echo "$found"
      return 0
    fi
  done
  return 1
}

is_debian() {
  local key value id=''
  local file="${DOCS_IT_OS_RELEASE:-/etc/os-release}"
  [ -r "$file" ] || return 1
  while IFS='=' read -r key value; do
    if [ "$key" = ID ]; then id=${value//\"/}; fi
  done <"$file"
  [ "$id" = debian ]
}

missing() {
  local lines=(
    "The browser tests need Chromium or Google Chrome, and none was found: CHROME_PATH is not set and none of"
    "${names[*]} is on PATH. Install one, then run npm test again:"
    "  Debian:  sudo apt-get install chromium (or run this script as root: it installs it)"
    "  Ubuntu:  sudo snap install chromium, or Google Chrome from https://www.google.com/chrome/"
    "  Fedora:  sudo dnf install chromium"
    "  Arch:    sudo pacman -S chromium"
    "  macOS:   brew install --cask chromium, then"
    "           export CHROME_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium"
    "Or set CHROME_PATH to the executable of a Chromium or Chrome already installed."
  )
  printf '%s\n' "${lines[@]}" >&2
  exit 1
}

is_shell() {
  local shell
  for shell in "${shells[@]}"; do
    if [ "${1##*/}" = "$shell" ]; then return 0; fi
  done
  return 1
}

can_install() {
  [ "${1:-}" != --find ] && [ "$(id -u)" = 0 ] && is_debian
}

status=0
found=$(find_browser) || status=$?
if [ "$status" = 0 ]; then
  if [ "${1:-}" = --find ]; then
    echo "$found"
  elif [ -z "${CHROME_PATH:-}" ] && ! is_shell "$found" && can_install "${1:-}"; then
    # The tests run with the browser found; the shell only makes them cheaper, so failing to get it stops nothing.
    echo "Installing Debian's chromium-headless-shell for the browser tests ($found is used until it is there)…" >&2
    export DEBIAN_FRONTEND=noninteractive
    if ! { apt-get update -qq && apt-get install -y -qq chromium-headless-shell >/dev/null; }; then
      echo "warning: chromium-headless-shell could not be installed; the browser tests use $found." >&2
    fi
  fi
  exit 0
fi
if [ "$status" = 2 ]; then exit 1; fi
if ! can_install "${1:-}"; then missing; fi

echo "Chromium not found: installing Debian's chromium and chromium-headless-shell…" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
if ! apt-get install -y -qq chromium-headless-shell >/dev/null; then
  echo "warning: chromium-headless-shell could not be installed; the browser tests use chromium." >&2
fi
if ! find_browser >/dev/null; then
  echo "apt-get installed chromium, but it is still not on PATH ($PATH)." >&2
  exit 1
fi
