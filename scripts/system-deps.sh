#!/usr/bin/env bash
# The system programs a command needs, installed with apt-get when this runs as root on Debian/Ubuntu;
# otherwise one sentence naming what to install, and exit 1. Used by `npm test`, `npm run test:scale`
# and .ci/run, so CI proves the same step a new machine runs.
#   scripts/system-deps.sh test   Chromium, ffmpeg and fonts (npm test)
#   scripts/system-deps.sh pg     PostgreSQL server (npm run test:pg on a local cluster)
#   scripts/system-deps.sh scale  PostgreSQL, Redis, nginx (npm run test:scale)
#   scripts/system-deps.sh all    all of them (.ci/run)
set -euo pipefail

# "debian package|how to tell it is there"
chromium='chromium|[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]'
ffmpeg='ffmpeg|command -v ffmpeg && command -v ffprobe'
emoji='fonts-noto-color-emoji|[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]'
dejavu='fonts-dejavu-core|[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ]'
postgresql='postgresql|command -v pg_ctlcluster || ls /usr/lib/postgresql/*/bin/postgres'
redis='redis-server|command -v redis-server'
nginx='nginx|command -v nginx || [ -x /usr/sbin/nginx ]'

items=()
for group in "${@:-test}"; do
  case "$group" in
    test) items+=("$chromium" "$ffmpeg" "$emoji" "$dejavu") ;;
    pg) items+=("$postgresql") ;;
    scale) items+=("$postgresql" "$redis" "$nginx") ;;
    all) items+=("$chromium" "$ffmpeg" "$emoji" "$dejavu" "$postgresql" "$redis" "$nginx") ;;
    *) echo "system-deps: unknown group '$group' (test, pg, scale, all)" >&2; exit 2 ;;
  esac
done

missing=()
for item in "${items[@]}"; do
  pkg=${item%%|*}
  check=${item#*|}
  if ! (eval "$check") >/dev/null 2>&1 && [[ " ${missing[*]-} " != *" $pkg "* ]]; then missing+=("$pkg"); fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "system-deps: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi
if command -v apt-get >/dev/null; then
  echo "This needs ${missing[*]}: install them with \`sudo apt-get install ${missing[*]}\` (or run as root), then run the command again." >&2
else
  echo "This needs ${missing[*]} (Debian package names): install them with your system's package manager, then run the command again." >&2
fi
exit 1
