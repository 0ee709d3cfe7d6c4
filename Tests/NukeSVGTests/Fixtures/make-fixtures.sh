#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
# Makes the NukeSVG tests' reference renderings (rsvg-convert's, the same librsvg). Run from
# this folder. Needs: librsvg2-bin (rsvg-convert), imagemagick (convert).
set -euo pipefail
cd "$(dirname "$0")"
for name in logo viewbox; do
    rsvg-convert "$name.svg" -o "$name.png"
    convert "$name.png" -depth 8 PAM:"$name.reference.pam"
    rm "$name.png"
done
# At twice the size, as a thumbnail of 240 pixels renders it.
rsvg-convert -w 240 -h 160 logo.svg -o logo-240.png
convert logo-240.png -depth 8 PAM:logo-240.reference.pam
rm logo-240.png
