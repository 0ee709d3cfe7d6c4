# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
"""Makes hostile HEIF files out of a heif-enc file (a grid of one HEVC-coded tile, as heif-enc 1.15
writes a small image). Usage: make-hostile.py MODE in out ARGS
  coded-size W H     the tile's sequence parameter set (in its hvcC) declares a W×H picture
  in-band-size W H   the tile's parameter sets again, the sequence's declaring a W×H picture, in
                     front of the tile's own data (libheif hands the decoder the item's NAL units as
                     they are)
  repeat-tile R C    the grid has R×C tiles of one pixel (their ispe), every one of them the
                     file's one tile, on a C×R canvas"""
import struct, sys

mode, source, target = sys.argv[1:4]
args = [int(a) for a in sys.argv[4:]]
data = open(source, 'rb').read()
CONTAINERS = {'meta': 4, 'iprp': 0, 'ipco': 0}

def parse(buf, start, end):
    """Boxes between start and end as [type, header_extra, children-or-payload]."""
    out, o = [], start
    while o + 8 <= end:
        size, kind = struct.unpack('>I4s', buf[o:o + 8])
        kind = kind.decode('latin1')
        if kind in CONTAINERS:
            extra = CONTAINERS[kind]
            out.append([kind, buf[o + 8:o + 8 + extra], parse(buf, o + 8 + extra, o + size)])
        else:
            out.append([kind, b'', buf[o + 8:o + size]])
        o += size
    return out

def serialize(boxes):
    out = b''
    for kind, extra, body in boxes:
        payload = extra + (serialize(body) if isinstance(body, list) else body)
        out += struct.pack('>I4s', 8 + len(payload), kind.encode('latin1')) + payload
    return out

def child(boxes, kind):
    return next(b for b in boxes if b[0] == kind)

class Iloc:
    def __init__(self, body):
        self.version = body[0]
        sizes, more = body[4], body[5]
        osz, lsz, bsz = sizes >> 4, sizes & 15, more >> 4
        isz = more & 15 if self.version >= 1 else 0
        p = 6
        def read(n):
            nonlocal p
            value = int.from_bytes(body[p:p + n], 'big') if n else 0
            p += n
            return value
        self.items = []
        for _ in range(read(2 if self.version < 2 else 4)):
            item = read(2 if self.version < 2 else 4)
            method = read(2) & 15 if self.version >= 1 else 0
            read(2)
            base = read(bsz)
            extents = []
            for _ in range(read(2)):
                read(isz)
                offset = read(osz)
                extents.append([base + offset, read(lsz)])
            self.items.append([item, method, extents])

    def serialize(self):
        body = bytes([1, 0, 0, 0, 0x44, 0x00]) + struct.pack('>H', len(self.items))
        for item, method, extents in self.items:
            body += struct.pack('>HHHH', item, method, 0, len(extents))
            body += b''.join(struct.pack('>II', o, l) for o, l in extents)
        return body

def item_types(meta):
    body = child(meta, 'iinf')[2]
    count_size = 2 if body[0] == 0 else 4
    types, o = {}, 4 + count_size
    while o + 8 <= len(body):
        size = struct.unpack('>I', body[o:o + 4])[0]
        version = body[o + 8]
        id_size = 2 if version == 2 else 4
        item = int.from_bytes(body[o + 12:o + 12 + id_size], 'big')
        types[item] = body[o + 14 + id_size:o + 18 + id_size].decode('latin1')
        o += size
    return types

def properties_of(item):
    """The ipco boxes associated with `item` in ipma (version 0, flags 0, as heif-enc writes it)."""
    body = child(child(meta[2], 'iprp')[2], 'ipma')[2]
    assert body[:4] == b'\0\0\0\0', 'only ipma version 0, flags 0'
    o = 8
    for _ in range(struct.unpack('>I', body[4:8])[0]):
        entry, count = struct.unpack('>HB', body[o:o + 3])
        indices = [b & 0x7f for b in body[o + 3:o + 3 + count]]
        if entry == item:
            return [ipco[2][index - 1] for index in indices if index]
        o += 3 + count
    return []

# --- HEVC sequence parameter sets: exp-Golomb fields after the profile, tier and level ---

def rbsp_of(nal):
    out, zeros = bytearray(), 0
    for b in nal[2:]:
        if zeros >= 2 and b == 3:
            zeros = 0
            continue
        out.append(b)
        zeros = zeros + 1 if b == 0 else 0
    return out

def nal_of(header, rbsp):
    out, zeros = bytearray(header), 0
    for b in rbsp:
        if zeros >= 2 and b <= 3:
            out.append(3)
            zeros = 0
        out.append(b)
        zeros = zeros + 1 if b == 0 else 0
    return bytes(out)

def resized_sps(nal, width, height):
    bits = ''.join(f'{b:08b}' for b in rbsp_of(nal))
    i = 0
    def u(n):
        nonlocal i
        value = int(bits[i:i + n], 2) if n else 0
        i += n
        return value
    def ue():
        nonlocal i
        zeros = 0
        while bits[i] == '0':
            zeros += 1
            i += 1
        i += 1
        return (1 << zeros) - 1 + u(zeros)
    def code(value):
        b = bin(value + 1)[2:]
        return '0' * (len(b) - 1) + b
    u(4)
    sub_layers = u(3)
    u(1)
    u(96)  # general profile, tier and level
    flags = [(u(1), u(1)) for _ in range(sub_layers)]
    if sub_layers:
        u(2 * (8 - sub_layers))
    for profile, level in flags:
        u(88 if profile else 0)
        u(8 if level else 0)
    ue()
    if ue() == 3:
        u(1)
    start = i
    ue()
    ue()
    rest = (bits[:start] + code(width) + code(height) + bits[i:]).rstrip('0')
    rest += '0' * (-len(rest) % 8)
    return nal_of(nal[:2], bytes(int(rest[k:k + 8], 2) for k in range(0, len(rest), 8)))

def hvcc_nals(body):
    """(offset, length) of every NAL unit in an hvcC box's body."""
    o, found = 23, []
    for _ in range(body[22]):
        count = struct.unpack('>H', body[o + 1:o + 3])[0]
        o += 3
        for _ in range(count):
            length = struct.unpack('>H', body[o:o + 2])[0]
            found.append((o + 2, length))
            o += 2 + length
    return found

top = parse(data, 0, len(data))
meta = child(top, 'meta')
meta_end = len(serialize(top[:top.index(meta) + 1]))  # before any change
old_meta_size = len(serialize([meta]))
ipco = child(child(meta[2], 'iprp')[2], 'ipco')
hvcc = child(ipco[2], 'hvcC')
iloc = Iloc(child(meta[2], 'iloc')[2])
tile = next(item for item, kind in item_types(meta[2]).items() if kind == 'hvc1')
appended = b''

if mode == 'coded-size':
    body = bytearray(hvcc[2])
    for offset, length in reversed(hvcc_nals(body)):
        nal = bytes(body[offset:offset + length])
        if (nal[0] >> 1) & 63 == 33:
            new = resized_sps(nal, *args)
            body[offset - 2:offset + length] = struct.pack('>H', len(new)) + new
    hvcc[2] = bytes(body)
elif mode == 'in-band-size':
    # The parameter sets again, the sequence's resized (the picture's, which libde265 derives
    # from the sequence's when it reads them, after it).
    for offset, length in hvcc_nals(hvcc[2]):
        nal = hvcc[2][offset:offset + length]
        nal = resized_sps(nal, *args) if (nal[0] >> 1) & 63 == 33 else nal
        appended += struct.pack('>I', len(nal)) + nal
elif mode == 'repeat-tile':
    rows, columns = args
    grid = next(item for item, kind in item_types(meta[2]).items() if kind == 'grid')
    idat = child(meta[2], 'idat')
    start = next(extents[0][0] for item, _, extents in iloc.items if item == grid)
    descriptor = bytearray(idat[2])
    descriptor[start + 2:start + 8] = bytes([rows - 1, columns - 1]) + struct.pack('>HH', columns, rows)
    idat[2] = bytes(descriptor)
    for item, width, height in [(grid, columns, rows), (tile, 1, 1)]:
        ispe = next(p for p in properties_of(item) if p[0] == 'ispe')
        ispe[2] = ispe[2][:4] + struct.pack('>II', width, height)
    iref = child(meta[2], 'iref')
    body = iref[2][:4] + struct.pack('>I4sHH', 12 + 2 * rows * columns, b'dimg', grid, rows * columns)
    iref[2] = body + struct.pack('>H', tile) * (rows * columns)
else:
    sys.exit(__doc__)

# Every file offset behind the meta box moves by what the box grew; the appended bytes (an extent
# of their own, first in the tile's data) go after the last box. iloc's size does not depend on
# its offsets (32-bit each).
shifted = [(extent, extent[0] >= meta_end) for _, method, extents in iloc.items if method == 0 for extent in extents]
if appended:
    next(extents for item, _, extents in iloc.items if item == tile).insert(0, [0, len(appended)])
child(meta[2], 'iloc')[2] = iloc.serialize()
grown = len(serialize([meta])) - old_meta_size
for extent, moves in shifted:
    extent[0] += grown if moves else 0
if appended:
    next(extents for item, _, extents in iloc.items if item == tile)[0][0] = len(serialize(top))
child(meta[2], 'iloc')[2] = iloc.serialize()
open(target, 'wb').write(serialize(top) + appended)
