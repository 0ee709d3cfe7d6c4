// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The one way into libjpeg-turbo's private structures (jpegint.h), private to CNukeJPEG: the
// inverse DCT chosen for each component and the colour stage, which the AVX2 IDCTs
// (nuke_jpeg_idct.c) and the planar colour stage (nuke_jpeg_planar_color.c) replace. Only
// nuke_jpeg_hooks.c includes jpegint.h; it hooks only the libjpeg-turbo versions it was tested
// with, and only after a self-test on this library passed.
#ifndef NUKE_JPEG_HOOKS_H
#define NUKE_JPEG_HOOKS_H

#include <stdio.h>
#include <jpeglib.h>

/// libjpeg's inverse DCT of one block (`inverse_DCT_method_ptr`).
typedef void (*nuke_inverse_dct)(j_decompress_ptr cinfo, jpeg_component_info *component, JCOEFPTR coefficients,
                                 JSAMPARRAY output, JDIMENSION output_column);

/// libjpeg's colour stage of a decompression (`jpeg_color_deconverter.color_convert`).
typedef void (*nuke_color_convert)(j_decompress_ptr cinfo, JSAMPIMAGE input, JDIMENSION input_row, JSAMPARRAY output,
                                   int rows);

/// libjpeg-turbo's scalar 6x6 inverse DCT (exported by the library, declared in its private jdct.h).
void jpeg_idct_6x6(j_decompress_ptr cinfo, jpeg_component_info *compptr, JCOEFPTR coef_block,
                   JSAMPARRAY output_buf, JDIMENSION output_col);

/// libjpeg-turbo's scalar 3x3 inverse DCT (likewise).
void jpeg_idct_3x3(j_decompress_ptr cinfo, jpeg_component_info *compptr, JCOEFPTR coef_block,
                   JSAMPARRAY output_buf, JDIMENSION output_col);

/// The inverse DCT libjpeg picked for `component` when the output pass started; NULL when this
/// build does not hook libjpeg.
nuke_inverse_dct nuke_jpeg_inverse_dct(j_decompress_ptr cinfo, int component);

/// Puts `method` in place of the inverse DCT of `component`; returns 0, with nothing changed,
/// when this build does not hook libjpeg.
int nuke_jpeg_set_inverse_dct(j_decompress_ptr cinfo, int component, nuke_inverse_dct method);

/// The colour stage libjpeg picked when the output pass started; NULL when there is none or this
/// build does not hook libjpeg.
nuke_color_convert nuke_jpeg_color_convert(j_decompress_ptr cinfo);

/// Puts `convert` in place of the colour stage; returns 0, with nothing changed, when there is
/// none or this build does not hook libjpeg.
int nuke_jpeg_set_color_convert(j_decompress_ptr cinfo, nuke_color_convert convert);

/// Whether decodes replace libjpeg's functions: a tested libjpeg-turbo version, the self-test
/// passed (run once, on the first call), and not turned off by nuke_jpeg_set_hooks_allowed.
int nuke_jpeg_hooks_enabled(void);

/// What nuke_jpeg_use_fast_idct does, without asking nuke_jpeg_hooks_enabled (for the self-test).
int nuke_jpeg_install_fast_idct(j_decompress_ptr cinfo);

#endif
