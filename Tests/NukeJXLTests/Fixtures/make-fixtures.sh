#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# Makes the NukeJXL test fixtures and their reference decodes. Run from this folder.
# Needs: libjxl-tools 0.7 (cjxl, djxl), imagemagick (convert).
set -euo pipefail
cd "$(dirname "$0")"

convert -size 48x32 -seed 11 plasma:fractal -blur 0x1 -depth 8 PNG24:source.png
convert source.png \( -size 48x32 gradient:white-none \) -compose CopyOpacity -composite -depth 8 PNG32:source-alpha.png

cjxl --quiet source.png lossy.jxl -d 1.0 -e 7
cjxl --quiet source.png lossless.jxl -d 0 -e 7
cjxl --quiet source-alpha.png alpha.jxl -d 0 -e 7
for f in lossy lossless alpha; do
    djxl --quiet $f.jxl $f.png
    convert $f.png -depth 8 PAM:$f.reference.pam
done

# An animation of three frames, 100, 200 and 300 ms, from a GIF (cjxl 0.7 keeps the delays but
# not the loop count).
convert -size 32x24 xc:'rgb(255,0,0)' frame-0.png
convert -size 32x24 xc:'rgb(255,0,0)' -fill 'rgb(0,0,255)' -draw 'rectangle 4,4 20,16' frame-1.png
convert -size 32x24 xc:'rgb(0,255,0)' frame-2.png
convert -delay 10 frame-0.png -delay 20 frame-1.png -delay 30 frame-2.png -loop 2 animated.gif
cjxl --quiet animated.gif animated.jxl -d 0 -e 7
for n in 0 1 2; do convert frame-$n.png -depth 8 PAM:animated.frame-$n.reference.pam; done

# A larger lossy image (2×2 groups of 256×256) for previews of partial data, with djxl's renderings
# of its first 40% and 70% (its DC, upsampled; then with the groups that have arrived).
convert -size 512x384 -seed 23 plasma:fractal -blur 0x1 -depth 8 PNG24:progressive-source.png
cjxl --quiet progressive-source.png progressive.jxl -d 1.0 -e 7
size=$(stat -c %s progressive.jxl)
for percent in 40 70; do
    head -c $((size * percent / 100)) progressive.jxl > partial.jxl
    djxl --quiet --allow_partial_files partial.jxl partial.png
    convert partial.png -depth 8 PAM:progressive.partial-$percent.reference.pam
done

rm -f progressive-source.png partial.jxl partial.png source.png source-alpha.png lossy.png lossless.png alpha.png frame-0.png frame-1.png frame-2.png animated.gif
