#!/usr/bin/env bash
# First README command: install what building and running the harness need (and matplotlib for its figures), build
# the harness alone (the test programs and their packages come with scripts/test.sh), and run the main job on its
# built-in default (`harness run`, i.e. configs/quick.json, written to out/quick/, git-ignored; results/ holds only
# committed runs).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh main
BUILD_TARGETS=harness bash scripts/build.sh build
echo "main: build/bin/harness run $*"
exec build/bin/harness run "$@"
