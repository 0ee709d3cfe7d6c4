# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
"""Adds irot (and optionally imir) properties to a HEIF file's primary item: a HEIF file with
transformations, which heif-enc 1.15 cannot write. Usage: add-transforms.py in out angle [axis]"""
import struct, sys
data = bytearray(open(sys.argv[1], 'rb').read())
angle = int(sys.argv[3])
axis = int(sys.argv[4]) if len(sys.argv) > 4 else None

def boxes(start, end):
    offset = start
    while offset + 8 <= end:
        size = struct.unpack('>I', data[offset:offset + 4])[0]
        yield data[offset + 4:offset + 8].decode('latin1'), offset, size
        offset += size

meta = next((o, s) for t, o, s in boxes(0, len(data)) if t == 'meta')
children = {t: (o, s) for t, o, s in boxes(meta[0] + 12, meta[0] + meta[1])}
primary = struct.unpack('>H', data[children['pitm'][0] + 12:children['pitm'][0] + 14])[0]
iprp = children['iprp']
ipco = next((o, s) for t, o, s in boxes(iprp[0] + 8, iprp[0] + iprp[1]) if t == 'ipco')
ipma = next((o, s) for t, o, s in boxes(iprp[0] + 8, iprp[0] + iprp[1]) if t == 'ipma')
count = sum(1 for _ in boxes(ipco[0] + 8, ipco[0] + ipco[1]))
new_properties = struct.pack('>I4sB', 9, b'irot', angle & 3)
if axis is not None:
    new_properties += struct.pack('>I4sB', 9, b'imir', axis & 1)
indices = [count + 1] + ([count + 2] if axis is not None else [])

# ipma: version 0, flags 0 (16-bit item IDs, 7-bit indices) as heif-enc writes it.
version_flags = struct.unpack('>I', data[ipma[0] + 8:ipma[0] + 12])[0]
assert version_flags == 0, 'only ipma version 0, flags 0'
entries = struct.unpack('>I', data[ipma[0] + 12:ipma[0] + 16])[0]
offset = ipma[0] + 16
body = bytearray()
for _ in range(entries):
    item, n = struct.unpack('>HB', data[offset:offset + 3])
    associations = list(data[offset + 3:offset + 3 + n])
    if item == primary:
        associations += [0x80 | index for index in indices]
    body += struct.pack('>HB', item, len(associations)) + bytes(associations)
    offset += 3 + n
new_ipma = struct.pack('>I4sII', 16 + len(body), b'ipma', 0, entries) + body
grown = len(new_properties) + len(new_ipma) - ipma[1]

out = bytearray(data)
# Replace ipma, then append the properties to ipco (ipco precedes ipma).
out[ipma[0]:ipma[0] + ipma[1]] = new_ipma
end_of_ipco = ipco[0] + ipco[1]
out[end_of_ipco:end_of_ipco] = new_properties
def grow(offset, by):
    size = struct.unpack('>I', out[offset:offset + 4])[0]
    out[offset:offset + 4] = struct.pack('>I', size + by)
grow(ipco[0], len(new_properties))
grow(iprp[0], grown)
grow(meta[0], grown)

# iloc: file offsets after the meta box move by `grown`.
iloc = children['iloc'][0]
if iloc > ipma[0]:
    iloc += grown
version = out[iloc + 8]
assert version in (0, 1)
sizes, more = out[iloc + 12], out[iloc + 13]
offset_size, length_size, base_size = sizes >> 4, sizes & 15, more >> 4
index_size = more & 15 if version == 1 else 0
items = struct.unpack('>H', out[iloc + 14:iloc + 16])[0]
p = iloc + 16
def read(n):
    global p
    value = int.from_bytes(out[p:p + n], 'big') if n else 0
    p += n
    return value
for _ in range(items):
    read(2)
    method = read(2) & 15 if version == 1 else 0
    read(2)
    base_at = p
    base = read(base_size)
    extents = read(2)
    for e in range(extents):
        read(index_size)
        at = p
        value = read(offset_size)
        if method == 0 and base_size == 0:
            out[at:at + offset_size] = (value + grown).to_bytes(offset_size, 'big')
        read(length_size)
    if method == 0 and base_size:
        out[base_at:base_at + base_size] = (base + grown).to_bytes(base_size, 'big')
open(sys.argv[2], 'wb').write(out)
