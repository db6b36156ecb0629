#!/usr/bin/env bash
# Every test file under test/ (but test/.tmp, where a killed run may have left a fixture's copy), in two test
# processes at once: see test/runner/run-tests.ts for the options (--jobs N, --record, a pattern of file names).
set -euo pipefail
cd "$(dirname "$0")/.."
TSX_TSCONFIG_PATH=tsconfig.base.json exec node --import tsx test/runner/run-tests.ts "$@"
