#!/usr/bin/env bash
# Every test file under test/: uvu looks for them in test/ but not in test/.tmp, where a killed run may have left
# a site with a broken link (a test's fixture) that would stop the search for test files.
set -euo pipefail
TSX_TSCONFIG_PATH=tsconfig.base.json exec node --import tsx node_modules/uvu/bin.js test '\.test\.ts$' --ignore '^\.tmp' "$@"
