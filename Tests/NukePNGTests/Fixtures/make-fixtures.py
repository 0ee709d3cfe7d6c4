#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
"""Makes the NukePNG test fixtures and their reference decodes, with the standard library only.

Every colour type and bit depth, palettes with tRNS, Adam7 interlacing, all five row filters, a
broken CRC and a truncated file. References are 8-bit PAM files computed from the same source
samples (gray images without transparency as GRAYSCALE, everything else as RGB_ALPHA); 16-bit
samples are reduced the way libpng's png_set_scale_16 does (rounding).
Run from this folder: python3 make-fixtures.py
"""
import struct
import zlib

W, H = 33, 21  # Odd sizes exercise partial bytes and every Adam7 pass.
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def sample(x, y, c, depth):
    value = (x * 37 + y * 91 + c * 53) ^ (x * y * 7) ^ (c * 0x5A5A)
    return (value * 2654435761 >> 7) % (1 << depth)


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filter_rows(rows, bpp):
    out = bytearray()
    previous = bytes(len(rows[0])) if rows else b""
    for index, row in enumerate(rows):
        kind = index % 5
        filtered = bytearray()
        for i, value in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
            filtered.append((value - predictor) & 0xFF)
        out += bytes([kind]) + filtered
        previous = row
    return bytes(out)


def pack_row(samples, depth):
    if depth == 8:
        return bytes(samples)
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    out, accumulator, bits = bytearray(), 0, 0
    for s in samples:
        accumulator = (accumulator << depth) | s
        bits += depth
        if bits == 8:
            out.append(accumulator)
            accumulator, bits = 0, 0
    if bits:
        out.append(accumulator << (8 - bits))
    return bytes(out)


def scale16(value):
    high, low = value >> 8, value & 0xFF
    return high + (((low - high + 128) * 65535) >> 24)


def to8(value, depth):
    if depth == 16:
        return scale16(value)
    return value * 255 // ((1 << depth) - 1)


def make(name, color_type, depth, interlace=False, trns=False):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    palette = None
    if color_type == 3:
        entries = 1 << depth
        palette = [((i * 71) % 256, (i * 149 + 30) % 256, (255 - i * 13) % 256) for i in range(entries)]
    pixels = [[[sample(x, y, c, depth) for c in range(channels)] for x in range(W)] for y in range(H)]
    trns_value = None
    if trns and color_type in (0, 2):
        trns_value = list(pixels[3][5])  # Some pixels share this exact colour.
        for (x, y) in [(0, 0), (7, 2), (20, 10)]:
            pixels[y][x] = list(trns_value)
    alphas = [(i * 97) % 256 for i in range(1 << depth)] if trns and color_type == 3 else None

    bits_per_pixel = channels * depth
    bpp = max(1, bits_per_pixel // 8)
    raw = b""
    passes = ADAM7 if interlace else [(0, 0, 1, 1)]
    for (x0, y0, dx, dy) in passes:
        xs, ys = list(range(x0, W, dx)), list(range(y0, H, dy))
        if not xs or not ys:
            continue
        rows = [pack_row([s for x in xs for s in pixels[y][x]], depth) for y in ys]
        raw += filter_rows(rows, bpp)
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, depth, color_type, 0, 0, 1 if interlace else 0))
    if palette:
        png += chunk(b"PLTE", b"".join(bytes(entry) for entry in palette))
    if trns:
        if color_type == 3:
            png += chunk(b"tRNS", bytes(alphas))
        elif color_type == 0:
            png += chunk(b"tRNS", struct.pack(">H", trns_value[0]))
        else:
            png += chunk(b"tRNS", struct.pack(">HHH", *trns_value))
    compressed = zlib.compress(raw, 9)
    for start in range(0, len(compressed), 200):  # Several IDAT chunks.
        png += chunk(b"IDAT", compressed[start:start + 200])
    png += chunk(b"IEND", b"")
    open(name + ".png", "wb").write(png)

    gray_output = color_type == 0 and not trns
    out = bytearray()
    for y in range(H):
        for x in range(W):
            p = pixels[y][x]
            if color_type == 3:
                r, g, b = palette[p[0]]
                a = alphas[p[0]] if alphas else 255
                out += bytes([r, g, b, a])
            elif gray_output:
                out.append(to8(p[0], depth))
            else:
                transparent = trns_value is not None and p == trns_value
                if color_type in (0, 4):
                    v = to8(p[0], depth)
                    a = to8(p[1], depth) if color_type == 4 else (0 if transparent else 255)
                    out += bytes([v, v, v, a])
                else:
                    rgb = [to8(s, depth) for s in p[:3]]
                    a = to8(p[3], depth) if color_type == 6 else (0 if transparent else 255)
                    out += bytes(rgb + [a])
    depth_out, tuple_type = (1, "GRAYSCALE") if gray_output else (4, "RGB_ALPHA")
    header = f"P7\nWIDTH {W}\nHEIGHT {H}\nDEPTH {depth_out}\nMAXVAL 255\nTUPLTYPE {tuple_type}\nENDHDR\n"
    open(name + ".reference.pam", "wb").write(header.encode() + bytes(out))
    return png


for depth in (1, 2, 4, 8, 16):
    make(f"gray-{depth}", 0, depth)
for depth in (1, 2, 4, 8):
    make(f"palette-{depth}", 3, depth)
for depth in (8, 16):
    make(f"gray-alpha-{depth}", 4, depth)
    make(f"rgb-{depth}", 2, depth)
    make(f"rgba-{depth}", 6, depth)
make("gray-8-trns", 0, 8, trns=True)
make("rgb-8-trns", 2, 8, trns=True)
make("palette-8-trns", 3, 8, trns=True)
make("palette-4-trns", 3, 4, trns=True)
rgba = make("rgba-8-interlaced", 6, 8, interlace=True)
make("gray-4-interlaced", 0, 4, interlace=True)
make("palette-8-interlaced", 3, 8, interlace=True)
make("rgb-16-interlaced", 2, 16, interlace=True)

# Damaged files: the first IDAT's CRC flipped, and a file cut in half.
idat = rgba.index(b"IDAT")
length = struct.unpack(">I", rgba[idat - 4:idat])[0]
crc = idat + 4 + length
broken = rgba[:crc] + bytes([rgba[crc] ^ 0xFF]) + rgba[crc + 1:]
open("broken-crc.png", "wb").write(broken)
open("truncated.png", "wb").write(rgba[: len(rgba) // 2])

# Small interlaced images: some Adam7 passes are empty, and the image is whole only once the last
# row of the last pass arrived (libpng reports rows of empty passes too).
for (W, H) in [(1, 1), (1, 5), (5, 1), (2, 2), (3, 7)]:
    make(f"rgba-8-interlaced-{W}x{H}", 6, 8, interlace=True)
