#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# Makes the NukeJPEG test fixtures and their reference decodes. Run from this folder.
# Needs: libjpeg-turbo-progs (cjpeg, djpeg), imagemagick (convert), libimage-exiftool-perl (exiftool).
set -euo pipefail
cd "$(dirname "$0")"

# A deterministic 96×64 source with detail in every channel.
convert -size 96x64 -seed 7 plasma:fractal -blur 0x1 -depth 8 source.ppm

cjpeg -quality 90 -sample 1x1 source.ppm > baseline-444.jpg
cjpeg -quality 90 -sample 2x1 source.ppm > baseline-422.jpg
cjpeg -quality 90 -sample 2x2 source.ppm > baseline-420.jpg
cjpeg -quality 90 -sample 1x2 source.ppm > baseline-440.jpg
cjpeg -quality 90 -sample 4x1 source.ppm > baseline-411.jpg
cjpeg -quality 90 -sample 2x2 -progressive source.ppm > progressive.jpg
cjpeg -quality 90 -sample 2x2 -restart 1 source.ppm > restart.jpg
cjpeg -quality 90 -grayscale source.ppm > gray.jpg
convert source.ppm -colorspace CMYK -quality 90 cmyk.jpg

for n in 1 2 3 4 5 6 7 8; do
    exiftool -q -n -Orientation=$n -o orientation-$n.jpg baseline-444.jpg
done

# An ICC profile (a minimal, well-formed header is enough for the bytes to be carried through).
python3 - <<'PY'
import struct
body = b"NUKE-TEST-PROFILE" * 30
header = struct.pack(">I4s4s4s4s4s", 128 + len(body), b"none", b"\x04\x30\x00\x00", b"mntr", b"RGB ", b"XYZ ")
header += b"\x00" * 12 + b"acsp" + b"\x00" * (128 - 40)
open("profile.icc", "wb").write(header + body)
PY
exiftool -q "-ICC_Profile<=profile.icc" -o icc.jpg baseline-444.jpg

# Reference decodes (djpeg is libjpeg-turbo's own decoder; ImageMagick for CMYK and orientation).
for f in baseline-444 baseline-422 baseline-420 baseline-440 baseline-411 progressive restart gray; do
    djpeg -pnm $f.jpg > $f.reference.pnm
done
djpeg -pnm -scale 1/2 baseline-420.jpg > baseline-420-half.reference.pnm
# 3/8 as shrink-on-load decodes it (integer IDCT, plain upsampling): libjpeg gives 4:2:0 chroma
# its 6x6 IDCT there, which NukeJPEG swaps for its AVX2 one (see JPEGFastIDCTTests).
djpeg -pnm -scale 3/8 -dct fast -nosmooth baseline-420.jpg > baseline-420-three-eighths.reference.pnm
convert ../../NukeTests/Photos/path.jpg -resize 480x320 -sampling-factor 2x2 -quality 90 photo-420.jpg
djpeg -pnm -scale 3/8 -dct fast -nosmooth photo-420.jpg > photo-420-three-eighths.reference.pnm
convert cmyk.jpg -depth 8 ppm:cmyk.reference.pnm
for n in 1 2 3 4 5 6 7 8; do
    convert orientation-$n.jpg -auto-orient -depth 8 ppm:orientation-$n.reference.pnm
done
rm source.ppm

# Progressive photos for the DC-scan decoding tests (from the shrink-on-load test photos, see
# Tests/NukeTests/Photos/README.md): 4:2:0, whose chroma a 1/8 decode reads AC coefficients of,
# and 4:4:4 made progressive by jpegtran's default script (DC first, DC refinement near the end).
convert ../../NukeTests/Photos/path.jpg -resize 1280x800 -sampling-factor 2x2 -interlace JPEG -quality 90 photo-420-progressive.jpg
convert ../../NukeTests/Photos/cups.jpg -resize 1280x800 -sampling-factor 1x1 -quality 90 photo-444.jpg
jpegtran -progressive -copy none photo-444.jpg > photo-444-progressive.jpg
rm photo-444.jpg

# Smaller progressive files of other layouts, whose DC scans are rewritten as a baseline file:
# gray (one component); 4:2:2; restart markers every MCU row; DC scans of one component each
# without successive approximation; DC sent in three steps (Al = 2, then two refinements); CMYK.
convert ../../NukeTests/Photos/cups.jpg -strip -resize 320x200 -quality 90 -colorspace Gray -interlace JPEG dc-gray.jpg
convert ../../NukeTests/Photos/path.jpg -strip -resize 320x200 -sampling-factor 2x1 -quality 90 -interlace JPEG dc-422.jpg
convert ../../NukeTests/Photos/cups.jpg -strip -resize 317x203 -sampling-factor 1x1 -quality 90 dc-444.jpg
jpegtran -progressive -restart 1 -copy none dc-444.jpg > dc-restart.jpg
printf '0: 0 0 0 0;\n1: 0 0 0 0;\n2: 0 0 0 0;\n0: 1 63 0 0;\n1: 1 63 0 0;\n2: 1 63 0 0;\n' > scans.txt
jpegtran -scans scans.txt -copy none dc-444.jpg > dc-separate.jpg
printf '0,1,2: 0 0 0 2;\n0: 1 63 0 0;\n1: 1 63 0 0;\n2: 1 63 0 0;\n0,1,2: 0 0 2 1;\n0,1,2: 0 0 1 0;\n' > scans.txt
jpegtran -scans scans.txt -copy none dc-444.jpg > dc-refined.jpg
rm dc-444.jpg scans.txt
# Four components, with ImageMagick's Adobe marker (inverted CMYK).
jpegtran -progressive -copy all cmyk.jpg > dc-cmyk.jpg
