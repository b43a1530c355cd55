#!/usr/bin/env bash
# Build the extension as editors/vscode/munchkin-dsl.vsix with @vscode/vsce.
#   bash editors/vscode/scripts/package.sh
set -euo pipefail
cd "$(dirname "$0")/.."
npm ci --no-audit --no-fund
npm test
npx vsce package --out munchkin-dsl.vsix
echo "built $(pwd)/munchkin-dsl.vsix; install: code --install-extension $(pwd)/munchkin-dsl.vsix"
