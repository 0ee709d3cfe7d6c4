// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The AVX-512 pixel loop of the matrix/curve transform: 64 pixels (a block) at a time, every table
// lookup a byte permute (VBMI), no gathers. It gives plain C's bytes: the same 14-bit linear
// values, the same rounded terms (`vpmulhrsw`) and sums, the same clamp, and sRGB's table read
// exactly through the segments `nuke_matrix_shaper_prepare` derives (see `CNukeLCMS.h`).
//
// Its tables take more vectors than a processor has registers, so it makes two passes over a
// chunk of blocks at a time, each holding its own tables in registers: the first turns the pixels
// into levels (linear light, then the matrix), which stay in the cache, and the second turns
// levels into sRGB bytes and stores the pixels.

#include "matrix_shaper_loops.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))

#include <immintrin.h>
#include <pthread.h>
#include <string.h>

#define NUKE_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi")))

/// Blocks a pass takes at a time, so that what the second pass reads stays in the first-level cache:
/// from planes, their levels (12 KB); from RGBA pixels, their levels (6 KB) and the pixels (16 KB),
/// which give their alpha.
enum { planes_chunk_blocks = 32, rgba_chunk_blocks = 16 };

/// A 256-entry byte table held in four vectors, applied to every byte of `index` (`high` holds
/// each index's top bit): its two halves looked up, and blended.
NUKE_AVX512 static inline __m512i lookup(__m512i index, __mmask64 high, const __m512i table[4]) {
    return _mm512_mask_blend_epi8(high, _mm512_permutex2var_epi8(table[0], index, table[1]),
                                  _mm512_permutex2var_epi8(table[2], index, table[3]));
}

/// `count` consecutive vectors from `bytes`: a table, or a block of pixels.
NUKE_AVX512 static inline void load_vectors(const uint8_t *bytes, __m512i *vectors, int count) {
    for (int index = 0; index < count; index++) vectors[index] = _mm512_loadu_si512(bytes + 64 * index);
}

/// Byte orders, built once per process (a decoder calls the planar loop once per row, too often
/// to build them each time).
typedef struct {
    /// Red of 32 pixels, then green of the same, from two vectors of 16 RGBA pixels.
    uint8_t red_green[64];
    /// Blue of 32 pixels (then alpha, unused) from two vectors of 16 RGBA pixels.
    uint8_t blue[64];
    /// The order the second pass makes each channel's bytes in, so that two rounds of unpacks
    /// interleave the channels into pixels in order: byte 16q + 4j + i holds pixel 16j + 4q + i.
    /// Each entry is where that pixel's level sits in the first pass's two vectors of words
    /// (pixels 16q…16q+7 of lane q in the first, 16q+8…16q+15 in the second): the index of the
    /// level's low byte in both.
    uint8_t encoded[64];
} byte_orders;

static byte_orders orders;
static pthread_once_t orders_built = PTHREAD_ONCE_INIT;

static void build_orders(void) {
    for (int j = 0; j < 32; j++) {
        orders.red_green[j] = (uint8_t)(4 * j);
        orders.red_green[32 + j] = (uint8_t)(4 * j + 1);
        orders.blue[j] = (uint8_t)(4 * j + 2);
        orders.blue[32 + j] = (uint8_t)(4 * j + 3);
    }
    for (int byte = 0; byte < 64; byte++) {
        const int lane = byte / 16, vector = byte % 16 / 4, pixel = 16 * vector + 4 * lane + byte % 4;
        const int within_lane = pixel % 16, word = 8 * (pixel / 16) + within_lane % 8;
        orders.encoded[byte] = (uint8_t)(2 * word + (within_lane < 8 ? 0 : 64));
    }
}

NUKE_AVX512 static const byte_orders *built_orders(void) {
    pthread_once(&orders_built, build_orders);
    return &orders;
}

/// The first pass's tables: linear light by channel and 8-bit value (twice the level, its low and
/// high bytes) and the matrix, each coefficient in every 16-bit lane.
typedef struct {
    __m512i linear_low[3][4], linear_high[3][4];
    __m512i matrix[9];
} mixing_tables;

NUKE_AVX512 static inline void load_mixing_tables(const nuke_matrix_shaper *t, mixing_tables *m) {
    for (int channel = 0; channel < 3; channel++) {
        load_vectors(t->linear_low[channel], m->linear_low[channel], 4);
        load_vectors(t->linear_high[channel], m->linear_high[channel], 4);
    }
    for (int index = 0; index < 9; index++) m->matrix[index] = _mm512_set1_epi16((int16_t)t->matrix[index]);
}

/// The first pass over one block: its red, green and blue planes to the levels of its sRGB red,
/// green and blue, six vectors of words at `levels` (each channel's pixels 16q…16q+7 of lane q,
/// then its 16q+8…16q+15).
NUKE_AVX512 static inline void mix_block(const mixing_tables *m, const __m512i planes[3], __m512i *levels) {
    const __m512i zero = _mm512_setzero_si512();
    const __m512i top = _mm512_set1_epi16(NUKE_LINEAR_MAX);
    // Twice the linear light, as words.
    __m512i first[3], second[3];
    for (int channel = 0; channel < 3; channel++) {
        const __mmask64 high = _mm512_movepi8_mask(planes[channel]);
        const __m512i low_byte = lookup(planes[channel], high, m->linear_low[channel]);
        const __m512i high_byte = lookup(planes[channel], high, m->linear_high[channel]);
        first[channel] = _mm512_unpacklo_epi8(low_byte, high_byte);
        second[channel] = _mm512_unpackhi_epi8(low_byte, high_byte);
    }
    for (int row = 0; row < 3; row++) {
        // Each term rounded (`vpmulhrsw`), the three summed wrapping (exact: see `prepare_avx512`),
        // then clamped.
        const __m512i *coefficients = m->matrix + 3 * row;
        for (int half = 0; half < 2; half++) {
            const __m512i *linear = half == 0 ? first : second;
            const __m512i sum = _mm512_add_epi16(_mm512_add_epi16(_mm512_mulhrs_epi16(linear[0], coefficients[0]),
                                                                  _mm512_mulhrs_epi16(linear[1], coefficients[1])),
                                                 _mm512_mulhrs_epi16(linear[2], coefficients[2]));
            _mm512_store_si512(levels + 2 * row + half, _mm512_min_epi16(_mm512_max_epi16(sum, zero), top));
        }
    }
}

/// The second pass's tables, per kind of segment: the sRGB byte of its first level and the
/// offsets from which it is one, then two more (for coarse segments below 128 only); and the order
/// it makes bytes in.
typedef struct {
    __m512i fine_base[2], fine_first_step[2], fine_second_step[2];
    __m512i coarse_base[4], coarse_first_step[4], coarse_second_step[2];
    __m512i order;
} encoding_tables;

NUKE_AVX512 static inline void load_encoding_tables(const nuke_matrix_shaper *t, encoding_tables *e) {
    load_vectors(t->segment_base[1], e->fine_base, 2);
    load_vectors(t->segment_first_step[1], e->fine_first_step, 2);
    load_vectors(t->segment_second_step[1], e->fine_second_step, 2);
    load_vectors(t->segment_base[0], e->coarse_base, 4);
    load_vectors(t->segment_first_step[0], e->coarse_first_step, 4);
    load_vectors(t->segment_second_step[0], e->coarse_second_step, 2);
    e->order = _mm512_loadu_si512(built_orders()->encoded);
}

/// 64 levels (0…NUKE_LINEAR_MAX, two vectors of words from the first pass) to their sRGB bytes,
/// in the encoded order: per segment, its first level's byte plus one for each step it is past.
NUKE_AVX512 static inline __m512i encode(const encoding_tables *e, __m512i first, __m512i second) {
    const __m512i coarse = _mm512_permutex2var_epi8(_mm512_srli_epi16(first, NUKE_COARSE_SHIFT), e->order,
                                                    _mm512_srli_epi16(second, NUKE_COARSE_SHIFT));
    const __m512i fine = _mm512_permutex2var_epi8(_mm512_srli_epi16(first, NUKE_FINE_SHIFT), e->order,
                                                  _mm512_srli_epi16(second, NUKE_FINE_SHIFT));
    const __m512i low = _mm512_permutex2var_epi8(first, e->order, second);
    // Fine segments (levels below NUKE_COARSE_FROM, 128 of them) first, coarse ones over them.
    __m512i base = _mm512_permutex2var_epi8(e->fine_base[0], fine, e->fine_base[1]);
    __m512i first_step = _mm512_permutex2var_epi8(e->fine_first_step[0], fine, e->fine_first_step[1]);
    __m512i second_step = _mm512_permutex2var_epi8(e->fine_second_step[0], fine, e->fine_second_step[1]);
    __m512i offset = _mm512_and_si512(low, _mm512_set1_epi8((1 << NUKE_FINE_SHIFT) - 1));
    const __mmask64 is_coarse =
        _mm512_cmpge_epu8_mask(coarse, _mm512_set1_epi8(NUKE_COARSE_FROM >> NUKE_COARSE_SHIFT));
    const __mmask64 high = _mm512_movepi8_mask(coarse);
    base = _mm512_mask_blend_epi8(is_coarse, base, lookup(coarse, high, e->coarse_base));
    first_step = _mm512_mask_blend_epi8(is_coarse, first_step, lookup(coarse, high, e->coarse_first_step));
    // Coarse segments from 128 on step once at most (`prepare_avx512` checks): their second step is
    // the segment's own number, which no offset reaches.
    const __m512i coarse_second_step = _mm512_mask2_permutex2var_epi8(e->coarse_second_step[0], coarse,
                                                                      _knot_mask64(high), e->coarse_second_step[1]);
    second_step = _mm512_mask_blend_epi8(is_coarse, second_step, coarse_second_step);
    offset = _mm512_mask_blend_epi8(is_coarse, offset,
                                    _mm512_and_si512(low, _mm512_set1_epi8((1 << NUKE_COARSE_SHIFT) - 1)));
    // One more per step reached: base − (−1).
    const __m512i minus_one = _mm512_set1_epi8(-1);
    base = _mm512_mask_sub_epi8(base, _mm512_cmpge_epu8_mask(offset, first_step), base, minus_one);
    return _mm512_mask_sub_epi8(base, _mm512_cmpge_epu8_mask(offset, second_step), base, minus_one);
}

/// The second pass over one block: its levels to 64 RGBA pixels in order, four vectors of 16, with
/// alpha 255.
NUKE_AVX512 static inline void encode_block(const encoding_tables *e, const __m512i *levels, __m512i pixels[4]) {
    const __m512i red = encode(e, levels[0], levels[1]);
    const __m512i green = encode(e, levels[2], levels[3]);
    const __m512i blue = encode(e, levels[4], levels[5]);
    const __m512i opaque = _mm512_set1_epi8(-1);
    const __m512i red_green_low = _mm512_unpacklo_epi8(red, green);
    const __m512i red_green_high = _mm512_unpackhi_epi8(red, green);
    const __m512i blue_alpha_low = _mm512_unpacklo_epi8(blue, opaque);
    const __m512i blue_alpha_high = _mm512_unpackhi_epi8(blue, opaque);
    pixels[0] = _mm512_unpacklo_epi16(red_green_low, blue_alpha_low);
    pixels[1] = _mm512_unpackhi_epi16(red_green_low, blue_alpha_low);
    pixels[2] = _mm512_unpacklo_epi16(red_green_high, blue_alpha_high);
    pixels[3] = _mm512_unpackhi_epi16(red_green_high, blue_alpha_high);
}

/// `blocks` (at most `planes_chunk_blocks`) blocks of red, green and blue planes to opaque RGBA.
NUKE_AVX512 static void convert_planes_chunk(const nuke_matrix_shaper *t, const uint8_t *red, const uint8_t *green,
                                             const uint8_t *blue, uint8_t *destination, size_t blocks) {
    __m512i levels[planes_chunk_blocks * 6];
    mixing_tables m;
    load_mixing_tables(t, &m);
    for (size_t block = 0; block < blocks; block++) {
        const size_t x = 64 * block;
        const __m512i planes[3] = {_mm512_loadu_si512(red + x), _mm512_loadu_si512(green + x),
                                   _mm512_loadu_si512(blue + x)};
        mix_block(&m, planes, levels + 6 * block);
    }
    encoding_tables e;
    load_encoding_tables(t, &e);
    for (size_t block = 0; block < blocks; block++) {
        __m512i pixels[4];
        encode_block(&e, levels + 6 * block, pixels);
        for (int vector = 0; vector < 4; vector++) {
            _mm512_storeu_si512(destination + 256 * block + 64 * vector, pixels[vector]);
        }
    }
}

/// `blocks` (at most `rgba_chunk_blocks`) blocks of RGBA pixels from `source` into `destination`
/// (which may be `source`), alpha kept.
NUKE_AVX512 static void convert_rgba_chunk(const nuke_matrix_shaper *t, const uint8_t *source, uint8_t *destination,
                                           size_t blocks) {
    __m512i levels[rgba_chunk_blocks * 6];
    mixing_tables m;
    load_mixing_tables(t, &m);
    const byte_orders *o = built_orders();
    const __m512i red_green = _mm512_loadu_si512(o->red_green), blue_order = _mm512_loadu_si512(o->blue);
    for (size_t block = 0; block < blocks; block++) {
        __m512i pixels[4];
        load_vectors(source + 256 * block, pixels, 4);
        const __m512i red_green_01 = _mm512_permutex2var_epi8(pixels[0], red_green, pixels[1]);
        const __m512i red_green_23 = _mm512_permutex2var_epi8(pixels[2], red_green, pixels[3]);
        const __m512i blue_01 = _mm512_permutex2var_epi8(pixels[0], blue_order, pixels[1]);
        const __m512i blue_23 = _mm512_permutex2var_epi8(pixels[2], blue_order, pixels[3]);
        const __m512i planes[3] = {_mm512_shuffle_i64x2(red_green_01, red_green_23, _MM_SHUFFLE(1, 0, 1, 0)),
                                   _mm512_shuffle_i64x2(red_green_01, red_green_23, _MM_SHUFFLE(3, 2, 3, 2)),
                                   _mm512_shuffle_i64x2(blue_01, blue_23, _MM_SHUFFLE(1, 0, 1, 0))};
        mix_block(&m, planes, levels + 6 * block);
    }
    encoding_tables e;
    load_encoding_tables(t, &e);
    const __mmask64 alpha_bytes = 0x8888888888888888ull;
    for (size_t block = 0; block < blocks; block++) {
        __m512i pixels[4];
        encode_block(&e, levels + 6 * block, pixels);
        for (int vector = 0; vector < 4; vector++) {
            // Each pixel is read (its alpha) before it is written.
            const size_t at = 256 * block + 64 * vector;
            const __m512i alpha = _mm512_loadu_si512(source + at);
            _mm512_storeu_si512(destination + at, _mm512_mask_blend_epi8(alpha_bytes, pixels[vector], alpha));
        }
    }
}

/// One row of RGBA pixels.
NUKE_AVX512 static void convert_row(const nuke_matrix_shaper *t, const uint8_t *source, uint8_t *destination,
                                    size_t width) {
    const size_t blocks = width / 64;
    for (size_t block = 0; block < blocks; block += rgba_chunk_blocks) {
        const size_t count = blocks - block < rgba_chunk_blocks ? blocks - block : rgba_chunk_blocks;
        convert_rgba_chunk(t, source + 256 * block, destination + 256 * block, count);
    }
    const size_t x = 64 * blocks;
    if (x < width) {
        // The last pixels through a block-sized buffer (zeros after them).
        uint8_t block[64 * 4] = {0};
        const size_t bytes = 4 * (width - x);
        memcpy(block, source + 4 * x, bytes);
        convert_rgba_chunk(t, block, block, 1);
        memcpy(destination + 4 * x, block, bytes);
    }
}

NUKE_AVX512 void nuke_matrix_shaper_convert_avx512(const nuke_matrix_shaper *t, const uint8_t *source,
                                                   size_t source_stride, uint8_t *destination,
                                                   size_t destination_stride, size_t width, size_t height) {
    for (size_t y = 0; y < height; y++) {
        convert_row(t, source + y * source_stride, destination + y * destination_stride, width);
    }
}

NUKE_AVX512 void nuke_matrix_shaper_planes_avx512(const nuke_matrix_shaper *t, const uint8_t *red,
                                                  const uint8_t *green, const uint8_t *blue, uint8_t *destination,
                                                  size_t width) {
    const size_t blocks = width / 64;
    for (size_t block = 0; block < blocks; block += planes_chunk_blocks) {
        const size_t count = blocks - block < planes_chunk_blocks ? blocks - block : planes_chunk_blocks;
        const size_t x = 64 * block;
        convert_planes_chunk(t, red + x, green + x, blue + x, destination + 4 * x, count);
    }
    const size_t x = 64 * blocks;
    if (x < width) {
        // The last pixels through block-sized buffers (zeros after them).
        const size_t count = width - x;
        uint8_t planes[3][64] = {{0}}, block[64 * 4];
        memcpy(planes[0], red + x, count);
        memcpy(planes[1], green + x, count);
        memcpy(planes[2], blue + x, count);
        convert_planes_chunk(t, planes[0], planes[1], planes[2], block, 1);
        memcpy(destination + 4 * x, block, 4 * count);
    }
}

int nuke_matrix_shaper_has_avx512(void) {
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi");
}

#else

int nuke_matrix_shaper_has_avx512(void) { return 0; }

#endif
