// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// Faster inverse DCTs that libjpeg's own are swapped for, byte for byte the same (private).
#ifndef NUKE_JPEG_IDCT_H
#define NUKE_JPEG_IDCT_H

#include <stdio.h>
#include <jpeglib.h>

/// After an output pass has started (jpeg_start_decompress), puts the fast 6x6 or 3x3 IDCT in
/// place of libjpeg's for every component that libjpeg gave jpeg_idct_6x6 or jpeg_idct_3x3 (on
/// CPUs with AVX2, when the multiplier table is 16-bit, and when nuke_jpeg_hooks_enabled says
/// libjpeg may be hooked). Returns how many it replaced.
int nuke_jpeg_use_fast_idct(j_decompress_ptr cinfo);

#endif
