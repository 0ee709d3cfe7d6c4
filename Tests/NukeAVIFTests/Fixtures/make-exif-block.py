# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# Writes exif.tiff in the current folder: an EXIF block (little-endian TIFF) with only Artist and
# Copyright, and no orientation. Used by this folder's and NukeHEIFTests' make-fixtures.sh.
import struct

values = [(0x013B, b"Ann Example\0"), (0x8298, b"(c) 2026 Ann Example\0")]
offset = 8 + 2 + 12 * len(values) + 4
ifd, blobs = struct.pack("<H", len(values)), b""
for tag, value in values:
    ifd += struct.pack("<HHII", tag, 2, len(value), offset + len(blobs))
    blobs += value
open("exif.tiff", "wb").write(b"II*\0" + struct.pack("<I", 8) + ifd + struct.pack("<I", 0) + blobs)
