// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#include "CNukeLCMS.h"
#include "matrix_shaper_loops.h"

#include <string.h>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

_Static_assert(NUKE_LINEAR_MAX == (1 << NUKE_LINEAR_BITS) - 1, "linear light is NUKE_LINEAR_BITS wide");

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define NUKE_HAS_AVX512_KERNEL 1
#endif

static inline int32_t clamp_linear(int32_t value) {
    return value < 0 ? 0 : (value > NUKE_LINEAR_MAX ? NUKE_LINEAR_MAX : value);
}

/// A linear level times a matrix coefficient, back to NUKE_LINEAR_BITS, rounded (half up): what
/// `vpmulhrsw` gives for twice the level and the coefficient. The matrix's bound keeps the
/// product within 32 bits.
static inline int32_t term(int32_t linear, int32_t coefficient) {
    return (linear * coefficient + (1 << (NUKE_LINEAR_BITS - 1))) >> NUKE_LINEAR_BITS;
}

/// One matrix row applied to linear red, green and blue: the three terms summed, and clamped.
static inline int32_t mix(const int32_t *row, int32_t r, int32_t g, int32_t b) {
    return clamp_linear(term(r, row[0]) + term(g, row[1]) + term(b, row[2]));
}

static void convert_scalar(const nuke_matrix_shaper *t, const uint8_t *source, uint8_t *destination, size_t width) {
    for (size_t x = 0; x < width; x++) {
        const int32_t r = t->to_linear[0][source[0]];
        const int32_t g = t->to_linear[1][source[1]];
        const int32_t b = t->to_linear[2][source[2]];
        const uint8_t alpha = source[3];
        destination[0] = t->to_srgb[mix(t->matrix, r, g, b)];
        destination[1] = t->to_srgb[mix(t->matrix + 3, r, g, b)];
        destination[2] = t->to_srgb[mix(t->matrix + 6, r, g, b)];
        destination[3] = alpha;
        source += 4;
        destination += 4;
    }
}

/// Fills the AVX-512 loop's tables of `t`; 1 when that loop gives plain C's bytes for it.
static int32_t prepare_avx512(nuke_matrix_shaper *t) {
    int32_t fits = 1;
    for (int channel = 0; channel < 3; channel++) {
        for (int value = 0; value < 256; value++) {
            // Twice the level, as `vpmulhrsw` multiplies it (15 bits).
            const int32_t linear = t->to_linear[channel][value];
            if (linear != clamp_linear(linear)) fits = 0;
            t->linear_low[channel][value] = (uint8_t)(2 * linear);
            t->linear_high[channel][value] = (uint8_t)(2 * linear >> 8);
        }
    }
    // Terms in 16-bit lanes, summed wrapping: exact when each row's sum fits 16 bits. A term is
    // at most its coefficient in magnitude (the level is under 1.0), so it does when the row's
    // positive coefficients sum to at most INT16_MAX (just under 2), and its negative ones too.
    for (int row = 0; row < 3; row++) {
        int32_t positive = 0, negative = 0;
        for (int column = 0; column < 3; column++) {
            const int32_t coefficient = t->matrix[3 * row + column];
            if (coefficient > 0) positive += coefficient;
            if (coefficient < 0) negative -= coefficient;
        }
        if (positive > INT16_MAX || negative > INT16_MAX) fits = 0;
    }
    const int shifts[2] = {NUKE_COARSE_SHIFT, NUKE_FINE_SHIFT};
    const int32_t from[2] = {NUKE_COARSE_FROM, 0}, to[2] = {NUKE_LINEAR_MAX + 1, NUKE_COARSE_FROM};
    for (int kind = 0; kind < 2; kind++) {
        memset(t->segment_base[kind], 0, 256);
        memset(t->segment_first_step[kind], 255, 256);
        memset(t->segment_second_step[kind], 255, 256);
        for (int32_t first = from[kind]; first < to[kind]; first += 1 << shifts[kind]) {
            const int segment = first >> shifts[kind];
            t->segment_base[kind][segment] = t->to_srgb[first];
            int steps = 0;
            for (int32_t offset = 1; offset < 1 << shifts[kind]; offset++) {
                const int step = t->to_srgb[first + offset] - t->to_srgb[first + offset - 1];
                if (step == 0) continue;
                // Steps of one, at most two a segment; one in coarse segments from 128 on (the
                // AVX-512 loop reads no second step for those).
                if (step != 1 || ++steps > (kind == 0 && segment >= 128 ? 1 : 2)) {
                    fits = 0;
                } else if (steps == 1) {
                    t->segment_first_step[kind][segment] = (uint8_t)offset;
                } else {
                    t->segment_second_step[kind][segment] = (uint8_t)offset;
                }
            }
        }
    }
    return fits;
}

void nuke_matrix_shaper_prepare(nuke_matrix_shaper *t) {
    for (int channel = 0; channel < 3; channel++) {
        for (int value = 0; value < 256; value++) {
            for (int row = 0; row < 3; row++) {
                t->products[channel][value][row] = term(t->to_linear[channel][value], t->matrix[3 * row + channel]);
            }
            t->products[channel][value][3] = 0;
        }
    }
    for (int32_t index = 0; index < NUKE_EXTENDED_LEVELS; index++) {
        t->to_srgb_extended[index] = t->to_srgb[clamp_linear(index - NUKE_EXTENDED_ZERO)];
    }
    t->fits_avx512 = prepare_avx512(t);
}

#if defined(__x86_64__)

/// One pixel at a time: its three sums are two additions of four-lane vectors read from
/// `products` (SSE2, every x86-64 has it); `to_srgb_extended` clamps and encodes. No
/// multiplications, no branches, nine loads a pixel: what suits processors whose gathers are slow.
static void convert_tables(const nuke_matrix_shaper *t, const uint8_t *source, uint8_t *destination, size_t width) {
    const uint8_t *encode = t->to_srgb_extended + NUKE_EXTENDED_ZERO;
    for (size_t x = 0; x < width; x++) {
        const __m128i red = _mm_loadu_si128((const __m128i *)(const void *)t->products[0][source[0]]);
        const __m128i green = _mm_loadu_si128((const __m128i *)(const void *)t->products[1][source[1]]);
        const __m128i blue = _mm_loadu_si128((const __m128i *)(const void *)t->products[2][source[2]]);
        const __m128i levels = _mm_add_epi32(_mm_add_epi32(red, green), blue);
        const int64_t red_and_green = _mm_cvtsi128_si64(levels);
        const int32_t blue_level = _mm_cvtsi128_si32(_mm_unpackhi_epi64(levels, levels));
        const uint8_t alpha = source[3];
        destination[0] = encode[(int32_t)red_and_green];
        destination[1] = encode[red_and_green >> 32];
        destination[2] = encode[blue_level];
        destination[3] = alpha;
        source += 4;
        destination += 4;
    }
}

#else

/// One pixel at a time: each channel's sum of three terms read from `products`;
/// `to_srgb_extended` clamps and encodes. No multiplications, no branches.
static void convert_tables(const nuke_matrix_shaper *t, const uint8_t *source, uint8_t *destination, size_t width) {
    const uint8_t *encode = t->to_srgb_extended + NUKE_EXTENDED_ZERO;
    for (size_t x = 0; x < width; x++) {
        const int32_t *red = t->products[0][source[0]];
        const int32_t *green = t->products[1][source[1]];
        const int32_t *blue = t->products[2][source[2]];
        const uint8_t alpha = source[3];
        for (int row = 0; row < 3; row++) {
            destination[row] = encode[red[row] + green[row] + blue[row]];
        }
        destination[3] = alpha;
        source += 4;
        destination += 4;
    }
}

#endif

typedef void (*row_converter)(const nuke_matrix_shaper *, const uint8_t *, uint8_t *, size_t);

/// 1 when the AVX-512 loop runs `t` on this processor.
static int avx512_runs(const nuke_matrix_shaper *t) {
#ifdef NUKE_HAS_AVX512_KERNEL
    return t->fits_avx512 && nuke_matrix_shaper_has_avx512();
#else
    (void)t;
    return 0;
#endif
}

nuke_kernel nuke_matrix_shaper_resolve(const nuke_matrix_shaper *_Nonnull t, nuke_kernel kernel) {
    switch (kernel) {
    case NUKE_KERNEL_SCALAR:
    case NUKE_KERNEL_TABLES:
        return kernel;
    case NUKE_KERNEL_AVX512:
        return avx512_runs(t) ? NUKE_KERNEL_AVX512 : NUKE_KERNEL_SCALAR;
    case NUKE_KERNEL_BEST:
        break;
    }
    return avx512_runs(t) ? NUKE_KERNEL_AVX512 : NUKE_KERNEL_TABLES;
}

void nuke_matrix_shaper_rgba(const nuke_matrix_shaper *_Nonnull transform, const uint8_t *_Nonnull source,
                             size_t source_stride, uint8_t *_Nonnull destination, size_t destination_stride,
                             size_t width, size_t height, nuke_kernel kernel) {
    row_converter convert = convert_tables;
    switch (nuke_matrix_shaper_resolve(transform, kernel)) {
    case NUKE_KERNEL_SCALAR:
        convert = convert_scalar;
        break;
#ifdef NUKE_HAS_AVX512_KERNEL
    case NUKE_KERNEL_AVX512:
        nuke_matrix_shaper_convert_avx512(transform, source, source_stride, destination, destination_stride, width,
                                          height);
        return;
#endif
    default:
        break;
    }
    for (size_t y = 0; y < height; y++) {
        convert(transform, source + y * source_stride, destination + y * destination_stride, width);
    }
}

void nuke_matrix_shaper_planes(const void *_Nullable context, const uint8_t *_Nullable red,
                               const uint8_t *_Nullable green, const uint8_t *_Nullable blue,
                               uint8_t *_Nullable rgba, size_t width) {
    const nuke_matrix_shaper *transform = context;
    if (!transform || !red || !green || !blue || !rgba) return;
#ifdef NUKE_HAS_AVX512_KERNEL
    if (avx512_runs(transform)) {
        nuke_matrix_shaper_planes_avx512(transform, red, green, blue, rgba, width);
        return;
    }
#endif
    enum { chunk = 256 };
    uint8_t pixels[4 * chunk];
    for (size_t x = 0; x < width; x += chunk) {
        const size_t count = width - x < chunk ? width - x : chunk;
        for (size_t i = 0; i < count; i++) {
            pixels[4 * i] = red[x + i];
            pixels[4 * i + 1] = green[x + i];
            pixels[4 * i + 2] = blue[x + i];
            pixels[4 * i + 3] = 255;
        }
        nuke_matrix_shaper_rgba(transform, pixels, 0, rgba + 4 * x, 0, count, 1, NUKE_KERNEL_BEST);
    }
}
