#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# Makes the NukeBMP test fixtures and their reference decodes (Pillow's). Run from this folder.
# Needs: imagemagick (convert), python3 with Pillow.
set -euo pipefail
cd "$(dirname "$0")"

convert -size 48x32 -seed 11 plasma:fractal -blur 0x1 -depth 8 source.png
convert source.png \( -size 48x32 gradient:white-none \) -compose CopyOpacity -composite -depth 8 PNG32:source-alpha.png

convert source.png -type TrueColor BMP3:rgb24.bmp
convert source.png -colors 200 -type Palette -compress none BMP3:palette8.bmp
convert source.png -colors 200 -type Palette -compress RLE BMP3:rle8.bmp
convert source.png -colors 16 -type Palette -compress none BMP3:palette4.bmp
convert source.png -monochrome BMP3:mono.bmp
convert source.png -define bmp:subtype=RGB565 BMP:rgb565.bmp
convert source.png -define bmp:subtype=RGB555 BMP:rgb555.bmp
convert source-alpha.png -define bmp:subtype=ARGB32 BMP:argb32.bmp
convert source.png -type TrueColor BMP2:core.bmp
python3 - <<'PY'
import struct
from PIL import Image

source = Image.open("source.png").convert("RGB")
source.save("pillow24.bmp")
# Rows stored top first: a negative height, the rows reversed.
data = bytearray(open("pillow24.bmp", "rb").read())
offset = struct.unpack_from("<I", data, 10)[0]
width, height = struct.unpack_from("<ii", data, 18)
stride = (width * 3 + 3) // 4 * 4
rows = [data[offset + r * stride: offset + (r + 1) * stride] for r in range(height)]
struct.pack_into("<i", data, 22, -height)
data[offset:] = b"".join(reversed(rows))
open("top-down.bmp", "wb").write(bytes(data))

# RLE4: Pillow and ImageMagick write none; runs and literal stretches by hand, with a jump.
quantized = source.quantize(16)
palette = quantized.getpalette()[:48]
width, height = quantized.size
body = bytearray()
for y in reversed(range(height)):
    indices = [quantized.getpixel((x, y)) for x in range(width)]
    if y == 5:
        body += bytes([0, 2, 6, 0])  # jump 6 pixels right: they stay the first colour
        indices = indices[6:]
    x = 0
    while x < len(indices):
        run = 1
        while x + run < len(indices) and run < 255 and indices[x + run] == indices[x]:
            run += 1
        if run >= 3 or len(indices) - x < 3:
            body += bytes([run, indices[x] << 4 | indices[x]])
            x += run
        else:
            stretch = indices[x: x + min(8, len(indices) - x)]
            packed = bytes((stretch[i] << 4) | (stretch[i + 1] if i + 1 < len(stretch) else 0)
                           for i in range(0, len(stretch), 2))
            body += bytes([0, len(stretch)]) + packed + (b"\0" if len(packed) % 2 else b"")
            x += len(stretch)
    body += bytes([0, 0])
body += bytes([0, 1])
colors = b"".join(bytes([palette[i * 3 + 2], palette[i * 3 + 1], palette[i * 3], 0]) for i in range(16))
info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 4, 2, len(body), 2835, 2835, 16, 0)
header = b"BM" + struct.pack("<IHHI", 14 + len(info) + len(colors) + len(body), 0, 0, 14 + len(info) + len(colors))
open("rle4.bmp", "wb").write(header + info + colors + bytes(body))

# Icons: PNG inside (Pillow's default), 32-bit bitmaps with alpha, and a cursor.
alpha = Image.open("source-alpha.png").convert("RGBA")
alpha.save("png.ico", sizes=[(16, 16), (32, 32), (48, 48)])
alpha.save("bitmap.ico", sizes=[(16, 16), (48, 48), (32, 32)], bitmap_format="bmp")
# An 8-bit icon: its transparency in the AND mask (1: transparent), rows bottom first.
small = alpha.resize((20, 12))
indexed = small.convert("RGB").quantize(256)
width, height = small.size
pixels = b"".join(
    bytes(indexed.getpixel((x, y)) for x in range(width)) + b"\0" * ((-width) % 4) for y in reversed(range(height))
)
mask_stride = (width + 31) // 32 * 4
mask = bytearray()
for y in reversed(range(height)):
    row = bytearray(mask_stride)
    for x in range(width):
        if small.getpixel((x, y))[3] < 128:
            row[x // 8] |= 0x80 >> (x % 8)
    mask += row
colors = indexed.getpalette()[:768] + [0] * (768 - len(indexed.getpalette()[:768]))
table = b"".join(bytes([colors[i * 3 + 2], colors[i * 3 + 1], colors[i * 3], 0]) for i in range(256))
info = struct.pack("<IiiHHIIiiII", 40, width, height * 2, 1, 8, 0, 0, 0, 0, 256, 0)
image = info + table + pixels + bytes(mask)
directory = struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", width, height, 0, 0, 1, 8, len(image), 22)
open("palette.ico", "wb").write(directory + image)
cursor = bytearray(open("bitmap.ico", "rb").read())
cursor[2] = 2
open("bitmap.cur", "wb").write(bytes(cursor))
PY
rm source.png source-alpha.png

python3 - <<'PY'
import glob
from PIL import Image

def pam(image, name):
    image = image.convert("RGBA")
    header = f"P7\nWIDTH {image.width}\nHEIGHT {image.height}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n"
    open(name + ".reference.pam", "wb").write(header.encode() + image.tobytes())

# Not the cursor: Pillow reads a cursor's 32-bit pixels without their alpha.
for path in sorted(glob.glob("*.bmp") + glob.glob("*.ico")):
    image = Image.open(path)
    image.load()
    pam(image, path.replace(".", "-"))
PY
