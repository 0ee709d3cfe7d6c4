#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# Makes the NukeWebP test fixtures and their reference decodes. Run from this folder.
# Needs: webp (cwebp, dwebp, img2webp, gif2webp), imagemagick (convert), python3.
set -euo pipefail
cd "$(dirname "$0")"

convert -size 48x32 -seed 11 plasma:fractal -blur 0x1 -depth 8 source.png
convert source.png \( -size 48x32 gradient:white-none \) -compose CopyOpacity -composite -depth 8 PNG32:source-alpha.png
convert -size 256x192 -seed 5 plasma:fractal -depth 8 large.png

cwebp -quiet -q 80 source.png -o lossy.webp
cwebp -quiet -lossless source.png -o lossless.webp
cwebp -quiet -q 80 -alpha_q 100 source-alpha.png -o alpha-lossy.webp
cwebp -quiet -lossless -exact source-alpha.png -o alpha-lossless.webp
cwebp -quiet -q 70 large.png -o large.webp
for f in lossy lossless alpha-lossy alpha-lossless large; do
    dwebp -quiet -pam $f.webp -o $f.reference.pam
done
dwebp -quiet -pam -scale 24 16 lossy.webp -o lossy-half.reference.pam

# Animations: a GIF with "previous" disposal converted losslessly (its composited frames are the
# GIF's), and frames with partial alpha that img2webp blends and disposes.
gif2webp -quiet ../../NukeGIFTests/Fixtures/disposal-previous.gif -o animated-from-gif.webp
for n in 0 1 2 3; do
    cp ../../NukeGIFTests/Fixtures/disposal-previous.frame-$n.reference.pam animated-from-gif.frame-$n.reference.pam
done
convert -size 32x24 xc:'rgba(255,0,0,1)' frame-0.png
convert -size 32x24 xc:'rgba(255,0,0,1)' -fill 'rgba(0,0,255,0.5)' -draw 'rectangle 4,4 20,16' PNG32:frame-1.png
convert -size 32x24 xc:none -fill 'rgba(0,255,0,1)' -draw 'circle 16,12 16,4' PNG32:frame-2.png
img2webp -loop 2 -lossless -d 100 frame-0.png -d 200 frame-1.png -d 300 frame-2.png -o animated-blend.webp
for n in 0 1 2; do convert frame-$n.png -depth 8 PAM:animated-blend.frame-$n.reference.pam; done
rm -f source.png source-alpha.png large.png frame-0.png frame-1.png frame-2.png
