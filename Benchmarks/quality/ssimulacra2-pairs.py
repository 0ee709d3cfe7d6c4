#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
# SPDX-License-Identifier: MIT
"""SSIMULACRA2 scores (PyPI's `ssimulacra2`) for pairs of PNG files: reads
"<reference> <distorted>" lines on stdin, prints one score a line, in order."""

import sys

from ssimulacra2 import compute_ssimulacra2

for line in sys.stdin:
    reference, distorted = line.split()
    print(f"{compute_ssimulacra2(reference, distorted):.3f}", flush=True)
