// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The AVX-512 pixel loop of the matrix/curve transform: 64 pixels at a time, every table lookup a
// byte permute (VBMI), no gathers. It gives plain C's bytes: the same 14-bit linear values, the
// same rounded terms (`vpmulhrsw`) and sums, the same clamp, and sRGB's table read exactly
// through the segments `nuke_matrix_shaper_prepare` derives (see `CNukeLCMS.h`).

#include "matrix_shaper_loops.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))

#include <immintrin.h>
#include <pthread.h>
#include <string.h>

#define NUKE_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi")))

/// A 128-entry byte table applied to every byte of `index` (its low seven bits).
NUKE_AVX512 static inline __m512i lookup128(__m512i index, const uint8_t *table) {
    return _mm512_permutex2var_epi8(_mm512_loadu_si512(table), index, _mm512_loadu_si512(table + 64));
}

/// A 256-entry byte table applied to every byte of `index` (`high` holds each index's top bit):
/// its two halves looked up, and blended.
NUKE_AVX512 static inline __m512i lookup(__m512i index, __mmask64 high, const uint8_t *table) {
    return _mm512_mask_blend_epi8(high, lookup128(index, table), lookup128(index, table + 128));
}

/// The loop's constant vectors: byte-shuffle orders.
typedef struct {
    /// Red of 32 pixels, then green of the same, from two vectors of 16 pixels.
    __m512i red_green;
    /// Blue of 32 pixels (then alpha, unused) from two vectors of 16 pixels.
    __m512i blue;
    /// The low byte of each of 64 words, from two vectors of 32.
    __m512i low_bytes;
    /// Per output vector of 16 pixels: where its red and green come from in the red and green
    /// results, and where its blue comes from in the blue result.
    __m512i red_green_out[4];
    __m512i blue_out[4];
} shuffles;

/// The orders' bytes, in `shuffles`' order; built once per process (a decoder calls the planar
/// loop once per row, too often to build them each time).
static uint8_t shuffle_orders[11][64];
static pthread_once_t shuffle_orders_built = PTHREAD_ONCE_INIT;

static void build_shuffle_orders(void) {
    uint8_t *red_green = shuffle_orders[0], *blue = shuffle_orders[1], *low_bytes = shuffle_orders[2];
    for (int j = 0; j < 32; j++) {
        red_green[j] = (uint8_t)(4 * j);
        red_green[32 + j] = (uint8_t)(4 * j + 1);
        blue[j] = (uint8_t)(4 * j + 2);
        blue[32 + j] = (uint8_t)(4 * j + 3);
    }
    for (int j = 0; j < 64; j++) low_bytes[j] = (uint8_t)(2 * j);
    // The results hold pixel 16q + i (q: 128-bit lane, the output vector it goes to) at byte
    // 8q + i for i < 8 and at 32 + 8q + (i - 8) otherwise: the order the unpacks and packs below
    // leave them in.
    for (int block = 0; block < 4; block++) {
        uint8_t *red_green_out = shuffle_orders[3 + block], *blue_out = shuffle_orders[7 + block];
        for (int i = 0; i < 16; i++) {
            const uint8_t from = (uint8_t)(i < 8 ? 8 * block + i : 32 + 8 * block + i - 8);
            red_green_out[4 * i] = from;
            red_green_out[4 * i + 1] = (uint8_t)(64 + from);
            red_green_out[4 * i + 2] = 0;
            red_green_out[4 * i + 3] = 0;
            blue_out[4 * i] = 0;
            blue_out[4 * i + 1] = 0;
            blue_out[4 * i + 2] = from;
            blue_out[4 * i + 3] = 0;
        }
    }
}

NUKE_AVX512 static shuffles make_shuffles(void) {
    pthread_once(&shuffle_orders_built, build_shuffle_orders);
    shuffles s;
    s.red_green = _mm512_loadu_si512(shuffle_orders[0]);
    s.blue = _mm512_loadu_si512(shuffle_orders[1]);
    s.low_bytes = _mm512_loadu_si512(shuffle_orders[2]);
    for (int block = 0; block < 4; block++) {
        s.red_green_out[block] = _mm512_loadu_si512(shuffle_orders[3 + block]);
        s.blue_out[block] = _mm512_loadu_si512(shuffle_orders[7 + block]);
    }
    return s;
}

/// 64 levels (0…NUKE_LINEAR_MAX, two vectors of 32 words) to their sRGB bytes, `first`'s then
/// `second`'s: per segment, its first level's byte plus one for each step it is past.
NUKE_AVX512 static inline __m512i encode(const nuke_matrix_shaper *t, __m512i first, __m512i second,
                                         __m512i low_bytes) {
    const __m512i coarse = _mm512_permutex2var_epi8(_mm512_srli_epi16(first, NUKE_COARSE_SHIFT), low_bytes,
                                                    _mm512_srli_epi16(second, NUKE_COARSE_SHIFT));
    const __m512i fine = _mm512_permutex2var_epi8(_mm512_srli_epi16(first, NUKE_FINE_SHIFT), low_bytes,
                                                  _mm512_srli_epi16(second, NUKE_FINE_SHIFT));
    const __m512i low = _mm512_permutex2var_epi8(first, low_bytes, second);
    // Fine segments (levels below NUKE_COARSE_FROM, 128 of them) first, coarse ones over them.
    __m512i base = lookup128(fine, t->segment_base[1]);
    __m512i first_step = lookup128(fine, t->segment_first_step[1]);
    __m512i second_step = lookup128(fine, t->segment_second_step[1]);
    __m512i offset = _mm512_and_si512(low, _mm512_set1_epi8((1 << NUKE_FINE_SHIFT) - 1));
    const __mmask64 is_coarse =
        _mm512_cmpge_epu8_mask(coarse, _mm512_set1_epi8(NUKE_COARSE_FROM >> NUKE_COARSE_SHIFT));
    const __mmask64 high = _mm512_movepi8_mask(coarse);
    base = _mm512_mask_blend_epi8(is_coarse, base, lookup(coarse, high, t->segment_base[0]));
    first_step = _mm512_mask_blend_epi8(is_coarse, first_step, lookup(coarse, high, t->segment_first_step[0]));
    second_step = _mm512_mask_blend_epi8(is_coarse, second_step, lookup(coarse, high, t->segment_second_step[0]));
    offset = _mm512_mask_blend_epi8(is_coarse, offset,
                                    _mm512_and_si512(low, _mm512_set1_epi8((1 << NUKE_COARSE_SHIFT) - 1)));
    // One more per step reached: base − (−1).
    const __m512i minus_one = _mm512_set1_epi8(-1);
    base = _mm512_mask_sub_epi8(base, _mm512_cmpge_epu8_mask(offset, first_step), base, minus_one);
    return _mm512_mask_sub_epi8(base, _mm512_cmpge_epu8_mask(offset, second_step), base, minus_one);
}

/// The red, green and blue planes of the 64 RGBA pixels in `pixels`.
NUKE_AVX512 static inline void split_planes(const shuffles *s, const __m512i pixels[4], __m512i planes[3]) {
    const __m512i red_green_01 = _mm512_permutex2var_epi8(pixels[0], s->red_green, pixels[1]);
    const __m512i red_green_23 = _mm512_permutex2var_epi8(pixels[2], s->red_green, pixels[3]);
    const __m512i blue_01 = _mm512_permutex2var_epi8(pixels[0], s->blue, pixels[1]);
    const __m512i blue_23 = _mm512_permutex2var_epi8(pixels[2], s->blue, pixels[3]);
    planes[0] = _mm512_shuffle_i64x2(red_green_01, red_green_23, _MM_SHUFFLE(1, 0, 1, 0));
    planes[1] = _mm512_shuffle_i64x2(red_green_01, red_green_23, _MM_SHUFFLE(3, 2, 3, 2));
    planes[2] = _mm512_shuffle_i64x2(blue_01, blue_23, _MM_SHUFFLE(1, 0, 1, 0));
}

/// Converts 64 pixels given as red, green and blue planes and stores them as RGBA at
/// `destination`, with the alpha bytes of `alpha` (four vectors of 16 pixels).
NUKE_AVX512 static inline void convert_planes(const nuke_matrix_shaper *t, const shuffles *s, const __m512i *matrix,
                                              const __m512i planes[3], const __m512i alpha[4], uint8_t *destination) {
    const __m512i zero = _mm512_setzero_si512();
    const __m512i top = _mm512_set1_epi16(NUKE_LINEAR_MAX);
    // Twice the linear light, as words: pixels 16q…16q+7 of lane q in `first`, 16q+8…16q+15 in
    // `second`.
    __m512i first[3], second[3];
    for (int channel = 0; channel < 3; channel++) {
        const __mmask64 high = _mm512_movepi8_mask(planes[channel]);
        const __m512i low_byte = lookup(planes[channel], high, t->linear_low[channel]);
        const __m512i high_byte = lookup(planes[channel], high, t->linear_high[channel]);
        first[channel] = _mm512_unpacklo_epi8(low_byte, high_byte);
        second[channel] = _mm512_unpackhi_epi8(low_byte, high_byte);
    }
    __m512i encoded[3];
    for (int row = 0; row < 3; row++) {
        // Each term rounded (`vpmulhrsw`), the three summed wrapping (exact: see `prepare_avx512`),
        // then clamped.
        const __m512i *coefficients = matrix + 3 * row;
        __m512i levels[2];
        for (int half = 0; half < 2; half++) {
            const __m512i *linear = half == 0 ? first : second;
            const __m512i sum = _mm512_add_epi16(_mm512_add_epi16(_mm512_mulhrs_epi16(linear[0], coefficients[0]),
                                                                  _mm512_mulhrs_epi16(linear[1], coefficients[1])),
                                                 _mm512_mulhrs_epi16(linear[2], coefficients[2]));
            levels[half] = _mm512_min_epi16(_mm512_max_epi16(sum, zero), top);
        }
        encoded[row] = encode(t, levels[0], levels[1], s->low_bytes);
    }
    const __mmask64 blue_bytes = 0x4444444444444444ull, alpha_bytes = 0x8888888888888888ull;
    for (int block = 0; block < 4; block++) {
        __m512i out = _mm512_permutex2var_epi8(encoded[0], s->red_green_out[block], encoded[1]);
        out = _mm512_mask_permutexvar_epi8(out, blue_bytes, s->blue_out[block], encoded[2]);
        out = _mm512_mask_blend_epi8(alpha_bytes, out, alpha[block]);
        _mm512_storeu_si512(destination + 64 * block, out);
    }
}

/// Converts 64 pixels from `source` into `destination` (which may be `source`).
NUKE_AVX512 static inline void convert_block(const nuke_matrix_shaper *t, const shuffles *s, const __m512i *matrix,
                                             const uint8_t *source, uint8_t *destination) {
    __m512i pixels[4], planes[3];
    for (int block = 0; block < 4; block++) pixels[block] = _mm512_loadu_si512(source + 64 * block);
    split_planes(s, pixels, planes);
    convert_planes(t, s, matrix, planes, pixels, destination);
}

/// Each matrix coefficient in every 16-bit lane.
NUKE_AVX512 static void load_matrix(const nuke_matrix_shaper *t, __m512i matrix[9]) {
    for (int index = 0; index < 9; index++) matrix[index] = _mm512_set1_epi16((int16_t)t->matrix[index]);
}

/// One row.
NUKE_AVX512 static void convert_row(const nuke_matrix_shaper *t, const shuffles *s, const __m512i *matrix,
                                    const uint8_t *source, uint8_t *destination, size_t width) {
    size_t x = 0;
    for (; x + 64 <= width; x += 64) convert_block(t, s, matrix, source + 4 * x, destination + 4 * x);
    if (x < width) {
        // The last pixels through a block-sized buffer (zeros after them).
        uint8_t block[64 * 4] = {0};
        const size_t bytes = 4 * (width - x);
        memcpy(block, source + 4 * x, bytes);
        convert_block(t, s, matrix, block, block);
        memcpy(destination + 4 * x, block, bytes);
    }
}

NUKE_AVX512 void nuke_matrix_shaper_convert_avx512(const nuke_matrix_shaper *t, const uint8_t *source,
                                                   size_t source_stride, uint8_t *destination,
                                                   size_t destination_stride, size_t width, size_t height) {
    const shuffles s = make_shuffles();
    __m512i matrix[9];
    load_matrix(t, matrix);
    for (size_t y = 0; y < height; y++) {
        convert_row(t, &s, matrix, source + y * source_stride, destination + y * destination_stride, width);
    }
}

NUKE_AVX512 void nuke_matrix_shaper_planes_avx512(const nuke_matrix_shaper *t, const uint8_t *red,
                                                  const uint8_t *green, const uint8_t *blue, uint8_t *destination,
                                                  size_t width) {
    const shuffles s = make_shuffles();
    __m512i matrix[9];
    load_matrix(t, matrix);
    const __m512i opaque = _mm512_set1_epi8(-1);
    const __m512i alpha[4] = {opaque, opaque, opaque, opaque};
    size_t x = 0;
    for (; x + 64 <= width; x += 64) {
        const __m512i planes[3] = {_mm512_loadu_si512(red + x), _mm512_loadu_si512(green + x),
                                   _mm512_loadu_si512(blue + x)};
        convert_planes(t, &s, matrix, planes, alpha, destination + 4 * x);
    }
    if (x < width) {
        // The last pixels: loaded masked (zeros after them), stored through a block-sized buffer.
        const __mmask64 loaded = (1ull << (width - x)) - 1;
        const __m512i planes[3] = {_mm512_maskz_loadu_epi8(loaded, red + x), _mm512_maskz_loadu_epi8(loaded, green + x),
                                   _mm512_maskz_loadu_epi8(loaded, blue + x)};
        uint8_t block[64 * 4];
        convert_planes(t, &s, matrix, planes, alpha, block);
        memcpy(destination + 4 * x, block, 4 * (width - x));
    }
}

int nuke_matrix_shaper_has_avx512(void) {
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi");
}

#else

int nuke_matrix_shaper_has_avx512(void) { return 0; }

#endif
