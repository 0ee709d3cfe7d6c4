// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The C side of NukeLCMS: the pixel loop of the matrix/curve transform to sRGB. Three loops give
// the same bytes: plain C (the reference), per-channel tables of the matrix's rounded terms summed
// per pixel (no multiplications, no clamping; the portable fast loop), and on x86-64 processors
// that have it AVX-512 (64 pixels at a time, its lookups done by byte permutes). AVX-512 where it
// runs, else the summed tables.
#ifndef CNUKELCMS_H
#define CNUKELCMS_H

#include <stddef.h>
#include <stdint.h>

// Swift reads the pointers below as non-optional; other compilers do not know the qualifier.
#ifndef __clang__
#define _Nonnull
#endif

/// Fractional bits of the linear-light values and of the matrix.
#define NUKE_LINEAR_BITS 14
/// Linear light runs from 0 to this value (1.0): 2^NUKE_LINEAR_BITS - 1.
#define NUKE_LINEAR_MAX 16383

/// Where level 0 sits in `to_srgb_extended`: 8 × 2^NUKE_LINEAR_BITS.
#define NUKE_EXTENDED_ZERO 131072
/// Entries of `to_srgb_extended`: levels from −NUKE_EXTENDED_ZERO up to NUKE_EXTENDED_ZERO − 1.
#define NUKE_EXTENDED_LEVELS 262144

/// The AVX-512 loop reads `to_srgb` by segments of levels, sized so that the sRGB byte steps up at
/// most twice within each (once from coarse segment 128 on, where the curve is flattest): levels
/// from NUKE_COARSE_FROM in segments of 2^NUKE_COARSE_SHIFT, below it in segments of
/// 2^NUKE_FINE_SHIFT (sRGB's curve is steepest near black). Each kind's segments are numbered by
/// level >> shift: below 256 for coarse ones, below 128 for fine ones.
#define NUKE_COARSE_FROM 1024
#define NUKE_COARSE_SHIFT 6
#define NUKE_FINE_SHIFT 3

/// A matrix/curve transform to sRGB, filled in by Swift from the source profile.
typedef struct {
    /// Per channel (red, green, blue): the 8-bit value's linear light, 0…NUKE_LINEAR_MAX.
    int32_t to_linear[3][256];
    /// The source's colorants followed by sRGB's inverse, row-major, NUKE_LINEAR_BITS fractional
    /// bits. Each row's absolute values must sum to less than 8 (no 32-bit overflow). A level is
    /// mixed by rounding each of its row's three terms (a linear value times a coefficient) back
    /// to NUKE_LINEAR_BITS, half up, summing them and clamping the sum to 0…NUKE_LINEAR_MAX.
    int32_t matrix[9];
    /// Linear light 0…NUKE_LINEAR_MAX → the 8-bit sRGB value; the last three bytes are padding.
    uint8_t to_srgb[NUKE_LINEAR_MAX + 1 + 3];
    /// Derived by `nuke_matrix_shaper_prepare`: per channel and 8-bit value, that channel's
    /// rounded term in each matrix row (red, green, blue rows; the fourth lane is zero), so a
    /// pixel's three sums are two additions of four lanes.
    int32_t products[3][256][4];
    /// Derived by `nuke_matrix_shaper_prepare`: `to_srgb` for every level a sum can reach (the
    /// matrix's bound keeps them within ±8 × NUKE_LINEAR_MAX), at NUKE_EXTENDED_ZERO + level,
    /// levels below 0 and above NUKE_LINEAR_MAX giving `to_srgb`'s ends: the clamp as a lookup.
    uint8_t to_srgb_extended[NUKE_EXTENDED_LEVELS];
    /// Derived by `nuke_matrix_shaper_prepare` for the AVX-512 loop: twice `to_linear`, its low
    /// and high bytes.
    uint8_t linear_low[3][256];
    uint8_t linear_high[3][256];
    /// Derived by `nuke_matrix_shaper_prepare` for the AVX-512 loop, per kind of segment (coarse,
    /// fine) and segment: the sRGB byte of its first level, and the offsets into it from which the
    /// byte is one more, then two more (255: never).
    uint8_t segment_base[2][256];
    uint8_t segment_first_step[2][256];
    uint8_t segment_second_step[2][256];
    /// Set by `nuke_matrix_shaper_prepare`: 1 when the AVX-512 loop gives this transform's bytes
    /// (each matrix row's positive coefficients sum to at most INT16_MAX, just under 2, and so do
    /// its negative ones in magnitude; `to_srgb` rises by steps of one, at most two of them a
    /// segment and one from coarse segment 128 on), else 0.
    int32_t fits_avx512;
} nuke_matrix_shaper;

/// Fills the derived tables of `transform` from its `to_linear`, `matrix` and `to_srgb`.
void nuke_matrix_shaper_prepare(nuke_matrix_shaper *_Nonnull transform);

/// The sRGB table of `transform` (Swift does not see arrays this long as fields).
static inline uint8_t *_Nonnull nuke_matrix_shaper_srgb_table(nuke_matrix_shaper *_Nonnull transform) { return transform->to_srgb; }

/// Which pixel loop to run. Every loop gives the same bytes.
typedef enum {
    /// The AVX-512 loop where it runs this transform on this processor, otherwise the summed
    /// tables (decision 0030: no timing at start-up, no AVX2 loop).
    NUKE_KERNEL_BEST = 0,
    /// Plain C, one pixel at a time: three multiplications, each rounded, and a clamp per channel
    /// (the reference the tests compare the others with).
    NUKE_KERNEL_SCALAR = 1,
    /// The summed tables (`products`, `to_srgb_extended`), one pixel at a time: SSE2 on x86-64,
    /// plain C elsewhere.
    NUKE_KERNEL_TABLES = 3,
    /// 64 pixels at a time with AVX-512 (F, BW and VBMI): byte permutes for every lookup, the
    /// terms rounded in 16-bit lanes (`vpmulhrsw`). Plain C where the processor lacks it or the
    /// transform does not fit it (`fits_avx512`).
    NUKE_KERNEL_AVX512 = 4
} nuke_kernel;

/// The loop `nuke_matrix_shaper_rgba` runs for `kernel` on this transform and processor: `kernel`
/// itself, or the one standing in for it (`NUKE_KERNEL_BEST` resolves to the loop it picks).
nuke_kernel nuke_matrix_shaper_resolve(const nuke_matrix_shaper *_Nonnull transform, nuke_kernel kernel);

/// Converts `height` rows of `width` RGBA pixels from `source` into `destination` (which may be
/// `source`: each pixel is read before it is written); alpha is copied. Strides are in bytes.
void nuke_matrix_shaper_rgba(const nuke_matrix_shaper *_Nonnull transform, const uint8_t *_Nonnull source,
                             size_t source_stride, uint8_t *_Nonnull destination, size_t destination_stride,
                             size_t width, size_t height, nuke_kernel kernel);

/// Converts `width` opaque pixels given as red, green and blue planes to sRGB, written as RGBA
/// (alpha 255) to `rgba`: what `nuke_matrix_shaper_rgba` with NUKE_KERNEL_BEST gives for the same
/// pixels. `context` is the transform. The AVX-512 loop takes the planes as they are; the other
/// loops get the pixels interleaved, a few at a time. A decoder calls it once per row (the
/// signature of NukeCore's `PlanarRowConversion.Function`; the pointers must not be NULL).
void nuke_matrix_shaper_planes(const void *_Nullable context, const uint8_t *_Nullable red,
                               const uint8_t *_Nullable green, const uint8_t *_Nullable blue,
                               uint8_t *_Nullable rgba, size_t width);

#endif
