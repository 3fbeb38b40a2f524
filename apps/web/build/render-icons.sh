#!/bin/sh
# Renders the app icons (public/icons/icon-<size>.png) from the favicon's letter with the local
# Chromium: a full-bleed square whose letter sits inside the maskable safe zone (the inner 80 %).
# Run once when the logo changes; the PNGs are committed.
set -eu
out="$(cd "$(dirname "$0")/.." && pwd)/public/icons"
tmp="$(mktemp -d)"
for size in 180 192 512; do
  cat > "$tmp/icon.html" <<HTML
<html><body style="margin:0;background:#4338ca"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="$size" height="$size" style="display:block"><rect width="32" height="32" fill="#4338ca"/><path d="M10 8h8a5 5 0 0 1 1.6 9.74L23 24h-3.3l-3.1-6H13v6h-3zm3 3v4h5a2 2 0 0 0 0-4z" fill="#fff" transform="translate(3.2 3.2) scale(0.8)"/></svg></body></html>
HTML
  "${CHROMIUM_PATH:-/usr/bin/chromium}" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size="$size,$size" --screenshot="$out/icon-$size.png" "file://$tmp/icon.html" 2>/dev/null
done
rm -rf "$tmp"
