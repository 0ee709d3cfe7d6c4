// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The pixel loops kept in their own files, for nuke_matrix_shaper.c to choose from.
#ifndef NUKE_MATRIX_SHAPER_LOOPS_H
#define NUKE_MATRIX_SHAPER_LOOPS_H

#include "CNukeLCMS.h"

/// 1 when this processor runs the AVX-512 loop (AVX-512 F, BW and VBMI); always 0 off x86-64.
int nuke_matrix_shaper_has_avx512(void);

/// The AVX-512 loop over `height` rows of `width` RGBA pixels (strides in bytes); `destination`
/// may be `source`. Only for a transform whose `fits_avx512` is set, on a processor
/// `nuke_matrix_shaper_has_avx512` accepts; x86-64 only.
void nuke_matrix_shaper_convert_avx512(const nuke_matrix_shaper *_Nonnull transform, const uint8_t *_Nonnull source,
                                       size_t source_stride, uint8_t *_Nonnull destination, size_t destination_stride,
                                       size_t width, size_t height);

/// The AVX-512 loop over `width` opaque pixels given as red, green and blue planes, into RGBA at
/// `destination` (alpha 255); under the same conditions as `nuke_matrix_shaper_convert_avx512`.
void nuke_matrix_shaper_planes_avx512(const nuke_matrix_shaper *_Nonnull transform, const uint8_t *_Nonnull red,
                                      const uint8_t *_Nonnull green, const uint8_t *_Nonnull blue,
                                      uint8_t *_Nonnull destination, size_t width);

#endif
