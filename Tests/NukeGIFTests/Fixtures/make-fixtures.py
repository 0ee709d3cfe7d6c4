#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
"""Makes the NukeGIF test fixtures with the standard library, and their reference frames with
ImageMagick (`convert x.gif -coalesce`), an independent compositor.

Each disposal method, transparency, global and local palettes, interlacing, loop counts and zero
delays; a truncated file. Run from this folder: python3 make-fixtures.py
"""
import struct
import subprocess


def lzw(indices, min_code_size):
    """GIF's variable-width LZW, with a clear code first and a reset when the table fills."""
    clear, end = 1 << min_code_size, (1 << min_code_size) + 1
    table = {(i,): i for i in range(clear)}
    next_code, width = end + 1, min_code_size + 1
    out, bits, count = bytearray(), 0, 0

    def emit(code):
        nonlocal bits, count
        bits |= code << count
        count += width
        while count >= 8:
            out.append(bits & 0xFF)
            bits >>= 8
            count -= 8

    emit(clear)
    prefix = ()
    for index in indices:
        candidate = prefix + (index,)
        if candidate in table:
            prefix = candidate
            continue
        emit(table[prefix])
        if next_code < 4096:
            table[candidate] = next_code
            next_code += 1
            if next_code > (1 << width) and width < 12:
                width += 1
        else:
            emit(clear)
            table = {(i,): i for i in range(clear)}
            next_code, width = end + 1, min_code_size + 1
        prefix = (index,)
    if prefix:
        emit(table[prefix])
    emit(end)
    if count:
        out.append(bits & 0xFF)
    blocks = bytearray()
    for start in range(0, len(out), 255):
        chunk = out[start:start + 255]
        blocks += bytes([len(chunk)]) + chunk
    return bytes([min_code_size]) + bytes(blocks) + b"\x00"


def palette_bytes(colors):
    size = 2
    while size < len(colors):
        size *= 2
    padded = colors + [(0, 0, 0)] * (size - len(colors))
    return b"".join(bytes(c) for c in padded), size.bit_length() - 2


def gif(width, height, frames, global_colors=None, loop=None):
    """frames: dicts with x, y, w, h, pixels (indices, row-major), and optional palette,
    delay, disposal, transparent, interlace."""
    data = b"GIF89a" + struct.pack("<HH", width, height)
    if global_colors:
        table, bits = palette_bytes(global_colors)
        data += bytes([0x80 | 0x70 | bits, 0, 0]) + table
    else:
        data += bytes([0x70, 0, 0])
    if loop is not None:
        data += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01" + struct.pack("<H", loop) + b"\x00"
    for frame in frames:
        transparent = frame.get("transparent")
        packed = (frame.get("disposal", 0) << 2) | (1 if transparent is not None else 0)
        data += b"\x21\xF9\x04" + bytes([packed]) + struct.pack("<H", frame.get("delay", 10))
        data += bytes([transparent or 0, 0])
        flags = 0
        local = frame.get("palette")
        if local:
            table, bits = palette_bytes(local)
            flags |= 0x80 | bits
        rows = [frame["pixels"][r * frame["w"]:(r + 1) * frame["w"]] for r in range(frame["h"])]
        if frame.get("interlace"):
            flags |= 0x40
            order = [r for start, step in ((0, 8), (4, 8), (2, 4), (1, 2)) for r in range(start, frame["h"], step)]
            rows = [rows[r] for r in order]
        data += b"\x2C" + struct.pack("<HHHH", frame["x"], frame["y"], frame["w"], frame["h"]) + bytes([flags])
        if local:
            data += table
        colors = len(local or global_colors)
        data += lzw([i for row in rows for i in row], max(2, (colors - 1).bit_length()))
    return data + b"\x3B"


def rect(w, h, pattern):
    return [pattern(x, y) for y in range(h) for x in range(w)]


PALETTE = [(255, 0, 0), (0, 0, 255), (0, 200, 0), (255, 255, 0), (0, 0, 0), (255, 255, 255), (128, 0, 128), (0, 128, 128)]
W, H = 24, 18


def background():
    return dict(x=0, y=0, w=W, h=H, pixels=rect(W, H, lambda x, y: (x // 6 + y // 6) % 2 + 4))


def moving(x, y, disposal, delay=20):
    # A 10×8 sprite with a transparent hole (index 7 is transparent).
    return dict(x=x, y=y, w=10, h=8, disposal=disposal, delay=delay, transparent=7,
                pixels=rect(10, 8, lambda i, j: 7 if 3 <= i <= 6 and 2 <= j <= 5 else (i + j) % 4))


fixtures = {
    "disposal-none": gif(W, H, [background(), moving(2, 2, 1), moving(12, 8, 1)], PALETTE, loop=0),
    "disposal-background": gif(W, H, [background(), moving(2, 2, 2), moving(12, 8, 2), moving(6, 4, 2)], PALETTE, loop=0),
    "disposal-previous": gif(W, H, [background(), moving(2, 2, 3), moving(12, 8, 3), moving(6, 4, 1)], PALETTE, loop=3),
    "local-palettes": gif(W, H, [
        dict(x=0, y=0, w=W, h=H, delay=5, palette=[(10, 20, 30), (200, 100, 50), (90, 90, 250), (0, 255, 128)],
             pixels=rect(W, H, lambda x, y: (x + 2 * y) % 4)),
        dict(x=4, y=3, w=12, h=9, delay=5, palette=[(250, 250, 0), (0, 0, 0)], pixels=rect(12, 9, lambda x, y: (x * y) % 2)),
    ], None, loop=0),
    "interlaced": gif(W, H, [dict(x=0, y=0, w=W, h=H, interlace=True, pixels=rect(W, H, lambda x, y: (y * 3 + x) % 8))], PALETTE),
    "zero-delays": gif(W, H, [dict(background(), delay=0), dict(moving(3, 3, 1), delay=1), dict(moving(8, 5, 1), delay=7)], PALETTE),
    "still": gif(W, H, [background()], PALETTE),
}

for name, data in fixtures.items():
    open(name + ".gif", "wb").write(data)
    subprocess.run(["convert", name + ".gif", "-coalesce", "-depth", "8", f"{name}.frame-%d.reference.pam"], check=True)

whole = fixtures["disposal-background"]
open("truncated.gif", "wb").write(whole[: len(whole) - 60])
