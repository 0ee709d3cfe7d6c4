// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// Decoding with a colour conversion in libjpeg's own colour stage (private).
#ifndef NUKE_JPEG_PLANAR_COLOR_H
#define NUKE_JPEG_PLANAR_COLOR_H

#include <stdio.h>
#include <jpeglib.h>

#include "CNukeJPEG.h"

/// What the replaced colour stage needs during one decode: the conversion, and a buffer that
/// nuke_jpeg_use_planar_color allocates (the YCbCr step's tables, then room for one row's red,
/// green and blue planes) and nuke_jpeg_end_planar_color frees. Owned by their caller.
typedef struct {
    nuke_jpeg_planar_conversion conversion;
    uint8_t *buffer;
} nuke_jpeg_planar_state;

/// After jpeg_start_decompress of a YCbCr image decoded to RGBA with libjpeg's separate colour
/// stage (fancy upsampling, so not the merged upsampler that converts by itself), replaces that
/// stage with YCbCr → red, green and blue planes (libjpeg-turbo's arithmetic) followed by
/// `state->conversion`, row by row. Returns 1 when it did; 0, with nothing changed, when the
/// image or the processor does not allow it (see nuke_jpeg_has_planar_color), or libjpeg may not
/// be hooked (nuke_jpeg_hooks_enabled).
int nuke_jpeg_use_planar_color(j_decompress_ptr cinfo, nuke_jpeg_planar_state *state);

/// What nuke_jpeg_use_planar_color does, without asking nuke_jpeg_hooks_enabled (for the
/// self-test).
int nuke_jpeg_install_planar_color(j_decompress_ptr cinfo, nuke_jpeg_planar_state *state);

/// Frees what nuke_jpeg_use_planar_color allocated (safe when it did not).
void nuke_jpeg_end_planar_color(nuke_jpeg_planar_state *state);

#endif
