#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# Makes the NukeTIFF test fixtures and their reference decodes (Pillow's). Run from this folder.
# Needs: imagemagick (convert), libtiff-tools (tiffcp), python3 with Pillow.
set -euo pipefail
cd "$(dirname "$0")"

convert -size 48x32 -seed 11 plasma:fractal -blur 0x1 -depth 8 source.png
convert source.png \( -size 48x32 gradient:white-none \) -compose CopyOpacity -composite -depth 8 PNG32:source-alpha.png
# An asymmetric picture, so every rotation and mirror is told apart.
convert -size 40x24 xc:white -fill red -draw 'rectangle 0,0 9,5' -fill blue -draw 'rectangle 30,18 39,23' \
    -fill 'rgb(0,160,0)' -draw 'rectangle 20,0 39,3' -depth 8 PNG24:oriented-source.png

convert source.png -compress lzw -define tiff:rows-per-strip=8 rgb-lzw.tif
convert source.png -compress zip -define tiff:tile-geometry=16x16 tiled-deflate.tif
convert source.png -depth 16 -compress none rgb16.tif
convert source.png -endian MSB -compress none big-endian.tif
convert source.png -colorspace gray -compress rle gray.tif
convert source.png -colors 16 -type Palette -compress none palette.tif
convert source-alpha.png -compress lzw alpha.tif
convert source-alpha.png -define tiff:alpha=associated -compress none premultiplied.tif
convert source.png -colorspace CMYK -compress none cmyk.tif
convert source.png -compress jpeg -quality 90 jpeg.tif
convert oriented-source.png -compress none -orient RightTop oriented.tif
convert source.png \( oriented-source.png -resize 48x32! \) -compress none multipage.tif
python3 -c 'from PIL import ImageCms; open("srgb.icc", "wb").write(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())'
convert source.png -profile srgb.icc -compress none icc.tif
convert source.png -define quantum:format=floating-point -depth 32 -compress none float.tif
rm source.png source-alpha.png oriented-source.png

python3 - <<'PY'
from PIL import Image, ImageOps

def pam(image, name):
    image = image.convert("RGBA")
    header = f"P7\nWIDTH {image.width}\nHEIGHT {image.height}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
    open(name + ".reference.pam", "wb").write(header.encode() + image.tobytes())

for name in ["rgb-lzw", "tiled-deflate", "rgb16", "big-endian", "gray", "palette", "alpha", "jpeg", "multipage"]:
    pam(Image.open(name + ".tif"), name)
# Turned upright as the Orientation tag says, which Pillow leaves to exif_transpose.
pam(ImageOps.exif_transpose(Image.open("oriented.tif")), "oriented")
# CMYK: Pillow's samples, converted as libtiff's RGBA reader converts them (no profile).
cmyk = Image.open("cmyk.tif")
rgb = Image.new("RGB", cmyk.size)
rgb.putdata([
    tuple((255 - k) * (255 - ink) // 255 for ink in (c, m, y)) for c, m, y, k in cmyk.getdata()
])
pam(rgb, "cmyk")
PY
