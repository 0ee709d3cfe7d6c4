#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# Makes the real photos of the shrink-on-load tests from Debian's plasma-workspace-wallpapers
# package (KDE wallpapers, LGPL-3.0; see README.md for the photographers). Needs apt-get
# download, dpkg-deb, ImageMagick, cwebp and exiftool.
set -euo pipefail
cd "$(dirname "$0")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && apt-get download -qq plasma-workspace-wallpapers && dpkg-deb -x ./*.deb root)
images="$work/root/usr/share/wallpapers"
# Two photos as shipped: 2560×1600, baseline, 4:4:4 and 4:2:2.
cp "$images/Path/contents/images/2560x1600.jpg" path.jpg
cp "$images/ColorfulCups/contents/images/2560x1600.jpg" cups.jpg
# A lossy WebP of a third.
cwebp -quiet -q 85 "$images/Autumn/contents/images/2560x1600.jpg" -o autumn.webp
# A photo stored on its side (1000×1600) with EXIF orientation 6: upright it is 1600×1000.
convert "$images/FallenLeaf/contents/images/2560x1600.jpg" -resize 1600x1000 -rotate 270 -quality 90 fallen-leaf-rotated.jpg
exiftool -q -overwrite_original -n -Orientation=6 fallen-leaf-rotated.jpg
