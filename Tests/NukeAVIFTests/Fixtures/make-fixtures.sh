#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# Makes the NukeAVIF test fixtures and their reference decodes. Run from this folder.
# Needs: libavif-bin 0.11 (avifenc, avifdec), imagemagick (convert), python3 with Pillow (ImageCms).
set -euo pipefail
cd "$(dirname "$0")"

convert -size 48x32 -seed 11 plasma:fractal -blur 0x1 -depth 8 source.png
convert source.png \( -size 48x32 gradient:white-none \) -compose CopyOpacity -composite -depth 8 PNG32:source-alpha.png
# An asymmetric picture, so every rotation and mirror is told apart.
convert -size 40x24 xc:white -fill red -draw 'rectangle 0,0 9,5' -fill blue -draw 'rectangle 30,18 39,23' \
    -fill 'rgb(0,160,0)' -draw 'rectangle 20,0 39,3' -depth 8 PNG24:oriented-source.png

avifenc -j 1 -s 8 --min 20 --max 30 -y 420 source.png lossy.avif >/dev/null
avifenc -j 1 -s 8 --lossless source.png lossless.avif >/dev/null
avifenc -j 1 -s 8 --min 10 --max 20 --minalpha 0 --maxalpha 0 -y 444 source-alpha.png alpha.avif >/dev/null
avifenc -j 1 -s 8 --min 10 --max 20 -d 10 -y 422 source.png ten-bit.avif >/dev/null
avifenc -j 1 -s 8 --lossless oriented-source.png oriented.avif >/dev/null
avifenc -j 1 -s 8 --lossless --irot 1 oriented-source.png irot-1.avif >/dev/null
avifenc -j 1 -s 8 --lossless --imir 0 oriented-source.png imir-0.avif >/dev/null
avifenc -j 1 -s 8 --lossless --irot 3 --imir 1 oriented-source.png irot-3-imir-1.avif >/dev/null
avifenc -j 1 -s 8 --lossless --crop 8,4,24,16 oriented-source.png cropped.avif >/dev/null
python3 -c 'from PIL import ImageCms; open("srgb.icc", "wb").write(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())'
avifenc -j 1 -s 8 --min 20 --max 30 --icc srgb.icc source.png icc.avif >/dev/null
for f in lossy lossless alpha ten-bit; do
    avifdec -j 1 -d 8 $f.avif $f.png >/dev/null
    convert $f.png -depth 8 PAM:$f.reference.pam
done
# The transforms' references, made by ImageMagick in HEIF's order (crop, rotation, mirror):
# irot N turns 90·N degrees anticlockwise; imir 0 swaps top and bottom, imir 1 left and right.
convert oriented-source.png -depth 8 PAM:oriented.reference.pam
convert oriented-source.png -rotate -90 -depth 8 PAM:irot-1.reference.pam
convert oriented-source.png -flip -depth 8 PAM:imir-0.reference.pam
convert oriented-source.png -rotate 90 -flop -depth 8 PAM:irot-3-imir-1.reference.pam
convert oriented-source.png -crop 24x16+8+4 +repage -depth 8 PAM:cropped.reference.pam

# A sequence of three frames, 100, 200 and 300 ms.
convert -size 32x24 xc:'rgb(255,0,0)' frame-0.png
convert -size 32x24 xc:'rgb(255,0,0)' -fill 'rgb(0,0,255)' -draw 'rectangle 4,4 20,16' frame-1.png
convert -size 32x24 xc:'rgb(0,255,0)' frame-2.png
avifenc -j 1 -s 8 --lossless --timescale 10 --duration 1 frame-0.png --duration 2 frame-1.png \
    --duration 3 frame-2.png animated.avif >/dev/null
for n in 0 1 2; do convert frame-$n.png -depth 8 PAM:animated.frame-$n.reference.pam; done

# A grid of 2×2 cells (128×96 each, 4:2:0), as large images and phones' photos are stored: libavif
# decodes each cell as its data arrives, for previews of a download in progress.
convert -size 256x192 -seed 31 plasma:fractal -blur 0x1 -depth 8 PNG24:grid-source.png
avifenc -j 1 -s 8 --min 20 --max 20 -y 420 -g 2x2 grid-source.png grid.avif >/dev/null
avifdec -j 1 -d 8 grid.avif grid.png >/dev/null
convert grid.png -depth 8 PAM:grid.reference.pam

# An EXIF block with only Artist and Copyright (exif.tiff).
python3 make-exif-block.py
convert -size 40x24 xc:'rgb(200,120,40)' -depth 8 PNG24:exif-source.png
avifenc -j 1 -s 8 --min 20 --max 30 --exif exif.tiff exif-source.png exif.avif >/dev/null

rm -f source.png source-alpha.png oriented-source.png frame-0.png frame-1.png frame-2.png \
    lossy.png lossless.png alpha.png ten-bit.png grid-source.png grid.png exif.tiff exif-source.png
