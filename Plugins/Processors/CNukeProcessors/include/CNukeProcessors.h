// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The C side of NukeProcessors: NukeCore's RGBA resampler again, eight floats at a time with AVX2
// on x86-64 processors that have it. Same products, same sums in the same order, no fused
// multiply-add: the same bytes as the portable Swift code, only more of them at once.
#ifndef CNUKEPROCESSORS_H
#define CNUKEPROCESSORS_H

#include <stddef.h>
#include <stdint.h>

// Swift reads the pointers below as non-optional; other compilers do not know the qualifier.
#ifndef __clang__
#define _Nonnull
#endif

/// A filter's weights along one axis: per output position, the first input position, how many
/// inputs it takes and `taps` weights (zero past its count).
typedef struct {
    const ptrdiff_t *_Nonnull starts;
    const ptrdiff_t *_Nonnull counts;
    ptrdiff_t taps;
    const float *_Nonnull weights;
} nuke_resampling_table;

/// One RGBA resize (8 bits a channel): the source, the output (rows `width × 4` bytes apart) and
/// the filter across and down. `premultiplied`: colour filtered premultiplied by alpha; else the
/// source is opaque and every output alpha is 255.
typedef struct {
    const uint8_t *_Nonnull source;
    ptrdiff_t source_width;
    ptrdiff_t source_height;
    ptrdiff_t source_bytes_per_row;
    int premultiplied;
    uint8_t *_Nonnull output;
    ptrdiff_t width;
    ptrdiff_t height;
    nuke_resampling_table horizontal;
    nuke_resampling_table vertical;
} nuke_rgba_resize;

/// Whether this processor runs `nuke_resize_rgba_rows` (x86-64 with AVX2).
int nuke_resize_rgba_available(void);

/// Makes output rows `first_row` up to `end_row` of `job`; returns 0, or -1 having written
/// nothing when this processor lacks AVX2 or memory for the working rows ran out.
int nuke_resize_rgba_rows(const nuke_rgba_resize *_Nonnull job, ptrdiff_t first_row, ptrdiff_t end_row);

#endif
