#!/usr/bin/env bash
# `npm run test:ui`: the editor walked in a real browser (test/ui/editor.test.ts). Debian's Chromium is installed
# with apt when missing (it is not on a fresh machine; tools that download their own browser cannot here), then the
# suite installs the pinned n8n like the e2e suite does. Extra arguments go to jest, e.g. -t 'credential'.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash test/tools/ensure-deps.sh
if [ -z "${UI_CHROMIUM:-}" ] && [ ! -x /usr/bin/chromium ]; then
	echo "installing Debian's Chromium (apt-get install chromium)…"
	if [ "$(id -u)" = 0 ]; then apt_get=(apt-get); else apt_get=(sudo apt-get); fi
	timeout 600 "${apt_get[@]}" update -qq
	DEBIAN_FRONTEND=noninteractive timeout 900 "${apt_get[@]}" install -y -qq chromium > /dev/null
fi
exec node_modules/.bin/jest --config jest.ui.config.js --runInBand "$@"
