#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# Makes the NukeJPEG2000 test fixtures (written by Pillow, through OpenJPEG) and their reference
# decodes (Pillow's). Run from this folder. Needs: imagemagick (convert), python3 with Pillow.
set -euo pipefail
cd "$(dirname "$0")"

convert -size 48x32 -seed 11 plasma:fractal -blur 0x1 -depth 8 source.png
convert source.png \( -size 48x32 gradient:white-none \) -compose CopyOpacity -composite -depth 8 PNG32:source-alpha.png
python3 - <<'PY'
from PIL import Image

def pam(image, name):
    image = image.convert("RGBA")
    header = f"P7\nWIDTH {image.width}\nHEIGHT {image.height}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
    open(name + ".reference.pam", "wb").write(header.encode() + image.tobytes())

rgb = Image.open("source.png").convert("RGB")
rgb.save("lossless.jp2", num_resolutions=4)
rgb.save("lossy.jp2", quality_mode="rates", quality_layers=[20], irreversible=True)
rgb.save("codestream.j2k", num_resolutions=3)
rgb.convert("L").save("gray.jp2")
Image.open("source-alpha.png").convert("RGBA").save("alpha.jp2")
# 16-bit gray (each level v as v × 257): 8 bits are the high byte, as Pillow scales them.
gray = rgb.convert("L")
wide = bytes(b for v in gray.tobytes() for b in (v * 257).to_bytes(2, "little"))
Image.frombytes("I;16", gray.size, wide).save("sixteen.jp2")
for name in ["lossless", "lossy", "gray", "alpha"]:
    pam(Image.open(name + ".jp2"), name)
pam(Image.open("codestream.j2k"), "codestream")
sixteen = Image.open("sixteen.jp2")
sixteen.load()
high = bytes(sixteen.tobytes("raw", "I;16")[1::2]) if sixteen.mode.startswith("I") else sixteen.convert("L").tobytes()
pam(Image.frombytes("L", sixteen.size, high), "sixteen")
# Two resolution levels dropped: a quarter of each side, as OpenJPEG decodes it.
reduced = Image.open("lossless.jp2")
reduced.reduce = 2
reduced.load()
pam(reduced, "lossless-reduced-2")
PY
rm source.png source-alpha.png
