#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# Makes the NukeHEIF test fixtures and their reference decodes. Run from this folder.
# Needs: libheif-examples 1.15 (heif-enc with x265, heif-convert), heif-thumbnailer, imagemagick
# (convert), python3 with Pillow (ImageCms).
set -euo pipefail
cd "$(dirname "$0")"

convert -size 48x32 -seed 11 plasma:fractal -blur 0x1 -depth 8 source.png
convert source.png \( -size 48x32 gradient:white-none \) -compose CopyOpacity -composite -depth 8 PNG32:source-alpha.png
convert source.png -depth 16 PNG48:source-16.png
convert -size 256x192 -seed 5 plasma:fractal -blur 0x2 -depth 8 large.png
python3 -c 'from PIL import ImageCms; open("srgb.icc", "wb").write(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())'
convert source.png -profile srgb.icc source-icc.png

heif-enc -q 60 source.png -o lossy.heic >/dev/null
heif-enc -L -p chroma=444 --matrix_coefficients=0 source.png -o lossless.heic >/dev/null
heif-enc -q 80 source-alpha.png -o alpha.heic >/dev/null
heif-enc -q 80 -b 10 source-16.png -o ten-bit.heic >/dev/null
heif-enc -q 80 source-icc.png -o icc.heic >/dev/null
# A 256×192 image with a 64×48 thumbnail of its own.
heif-enc -q 70 -t 64 large.png -o thumbnail.heic >/dev/null
# Transformations heif-enc cannot write, added to the primary image's properties: a quarter turn
# anticlockwise (irot 1) of the lossless image; three quarters (irot 3), then a mirror about the
# horizontal axis (imir 1), of the one with alpha.
python3 add-transforms.py lossless.heic rotated.heic 1
python3 add-transforms.py alpha.heic rotated-mirrored.heic 3 1
# Hostile files (see make-hostile.py): the tile's HEVC parameter set declares a 16,384×16,384
# picture, in its hvcC and in the tile's own data; a 32×33 grid of 1,056 one-pixel tiles, each
# the same 64×64 picture (Fuzz/Regressions/heif/grid-of-65280-uses-of-one-tile is `repeat-tile 255 256`).
python3 make-hostile.py coded-size lossy.heic coded-picture-size.heic 16384 16384
python3 make-hostile.py in-band-size lossy.heic in-band-picture-size.heic 16384 16384
python3 make-hostile.py repeat-tile lossy.heic repeated-tile.heic 33 32

for f in lossy lossless alpha ten-bit thumbnail rotated rotated-mirrored; do
    heif-convert $f.heic $f.png >/dev/null
    convert $f.png -depth 8 PAM:$f.reference.pam
done
# The embedded thumbnail as heif-thumbnailer renders it (no scaling at its own size).
heif-thumbnailer -s 64 thumbnail.heic thumbnail-64.png
convert thumbnail-64.png -depth 8 PAM:thumbnail-64.reference.pam

# An EXIF block with only Artist and Copyright (exif.tiff).
python3 ../../NukeAVIFTests/Fixtures/make-exif-block.py
# heif-enc keeps a JPEG's APP1 Exif segment as the image's Exif block.
convert -size 40x24 xc:'rgb(200,120,40)' -quality 90 exif-source.jpg
python3 -c 'import sys; d = open("exif-source.jpg", "rb").read(); e = b"Exif\0\0" + open("exif.tiff", "rb").read()
open("exif-source.jpg", "wb").write(d[:2] + b"\xff\xe1" + (len(e) + 2).to_bytes(2, "big") + e + d[2:])'
heif-enc -q 70 exif-source.jpg -o exif.heic >/dev/null

rm -f source.png source-alpha.png source-16.png source-icc.png large.png thumbnail-64.png \
    lossy.png lossless.png alpha.png ten-bit.png thumbnail.png rotated.png rotated-mirrored.png \
    exif.tiff exif-source.jpg
