// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// libjpeg-turbo's 6x6 and 3x3 inverse DCTs in AVX2: the same integer arithmetic, the same bytes.
//
// A 3/8-scale decode (what shrink-on-load picks for a photo a little over 2.5x its target) runs
// every luma block through the library's jpeg_idct_3x3 and, in a 4:2:0 file, every chroma block
// through jpeg_idct_6x6 (libjpeg scales chroma up in the IDCT rather than upsampling it). Both are
// scalar C, and were a sixth of nuke-server's CPU per request. libjpeg picks the IDCT of each
// component when an output pass starts; nuke_jpeg_use_fast_idct then puts these where it picked
// those two.
//
// The library computes in 64-bit integers; these compute the columns (then the rows) of a block
// side by side in 32-bit lanes, exact while no intermediate value passes 2^31. Every intermediate
// is at most 46,398 times the largest input of its pass plus a constant, so a block whose
// dequantized coefficients and whose first-pass results all fit in 16 bits is exact (real images
// stay far inside); any other block (only a crafted file has one) goes to the library's function.

#include "nuke_jpeg_idct.h"
#include "nuke_jpeg_error.h"
#include "nuke_jpeg_hooks.h"
#include "CNukeJPEG.h"

#include <setjmp.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && defined(__GNUC__)
#define NUKE_JPEG_HAS_AVX2_IDCT 1
#include <immintrin.h>
#endif

#define NUKE_CONST_BITS 13
#define NUKE_PASS1_BITS 2
// libjpeg's FIX(): the constant times 2^13, rounded.
#define NUKE_FIX(x) ((int)((x) * (1 << NUKE_CONST_BITS) + 0.5))

#if NUKE_JPEG_HAS_AVX2_IDCT

#define NUKE_AVX2 __attribute__((target("avx2")))

/// Transposes the 8x8 matrix of 32-bit values in `rows`.
NUKE_AVX2 static inline void nuke_transpose8(__m256i rows[8]) {
    __m256i t[8], u[8];
    for (int pair = 0; pair < 4; pair++) {
        t[2 * pair] = _mm256_unpacklo_epi32(rows[2 * pair], rows[2 * pair + 1]);
        t[2 * pair + 1] = _mm256_unpackhi_epi32(rows[2 * pair], rows[2 * pair + 1]);
    }
    for (int half = 0; half < 2; half++) {
        __m256i *in = t + 4 * half, *out = u + 4 * half;
        out[0] = _mm256_unpacklo_epi64(in[0], in[2]);
        out[1] = _mm256_unpackhi_epi64(in[0], in[2]);
        out[2] = _mm256_unpacklo_epi64(in[1], in[3]);
        out[3] = _mm256_unpackhi_epi64(in[1], in[3]);
    }
    for (int index = 0; index < 4; index++) {
        rows[index] = _mm256_permute2x128_si256(u[index], u[index + 4], 0x20);
        rows[index + 4] = _mm256_permute2x128_si256(u[index], u[index + 4], 0x31);
    }
}

/// One pass of jpeg_idct_6x6 on eight lanes, `in[0…5]` to `out[0…5]`: the first pass (columns,
/// results at the workspace's scale) or the second (rows, results as samples before the range
/// limit), step for step as the library computes it.
NUKE_AVX2 static inline void nuke_idct6_pass(const __m256i in[6], __m256i out[6], int is_first_pass) {
    const __m256i c4 = _mm256_set1_epi32(NUKE_FIX(0.707106781));
    const __m256i c2 = _mm256_set1_epi32(NUKE_FIX(1.224744871));
    const __m256i c5 = _mm256_set1_epi32(NUKE_FIX(0.366025404));
    // The pass's final shift, and its rounding term (added to the DC part).
    const int shift = is_first_pass ? NUKE_CONST_BITS - NUKE_PASS1_BITS : NUKE_CONST_BITS + NUKE_PASS1_BITS + 3;
    const __m256i fudge = is_first_pass ? _mm256_set1_epi32(1 << (NUKE_CONST_BITS - NUKE_PASS1_BITS - 1))
                                        : _mm256_set1_epi32((1 << (NUKE_PASS1_BITS + 2)) << NUKE_CONST_BITS);
    // Even part.
    __m256i tmp0 = _mm256_add_epi32(_mm256_slli_epi32(in[0], NUKE_CONST_BITS), fudge);
    __m256i tmp10 = _mm256_mullo_epi32(in[4], c4);
    __m256i tmp1 = _mm256_add_epi32(tmp0, tmp10);
    __m256i tmp11 = _mm256_sub_epi32(_mm256_sub_epi32(tmp0, tmp10), tmp10);
    if (is_first_pass) tmp11 = _mm256_srai_epi32(tmp11, shift);
    tmp0 = _mm256_mullo_epi32(in[2], c2);
    tmp10 = _mm256_add_epi32(tmp1, tmp0);
    __m256i tmp12 = _mm256_sub_epi32(tmp1, tmp0);
    // Odd part.
    __m256i z1 = in[1], z2 = in[3], z3 = in[5];
    tmp1 = _mm256_mullo_epi32(_mm256_add_epi32(z1, z3), c5);
    tmp0 = _mm256_add_epi32(tmp1, _mm256_slli_epi32(_mm256_add_epi32(z1, z2), NUKE_CONST_BITS));
    __m256i tmp2 = _mm256_add_epi32(tmp1, _mm256_slli_epi32(_mm256_sub_epi32(z3, z2), NUKE_CONST_BITS));
    tmp1 = _mm256_sub_epi32(_mm256_sub_epi32(z1, z2), z3);
    tmp1 = is_first_pass ? _mm256_slli_epi32(tmp1, NUKE_PASS1_BITS) : _mm256_slli_epi32(tmp1, NUKE_CONST_BITS);
    // Final output stage (the first pass's rows 1 and 4 come already scaled: tmp11 was shifted).
    out[0] = _mm256_srai_epi32(_mm256_add_epi32(tmp10, tmp0), shift);
    out[5] = _mm256_srai_epi32(_mm256_sub_epi32(tmp10, tmp0), shift);
    out[1] = _mm256_add_epi32(tmp11, tmp1);
    out[4] = _mm256_sub_epi32(tmp11, tmp1);
    if (!is_first_pass) {
        out[1] = _mm256_srai_epi32(out[1], shift);
        out[4] = _mm256_srai_epi32(out[4], shift);
    }
    out[2] = _mm256_srai_epi32(_mm256_add_epi32(tmp12, tmp2), shift);
    out[3] = _mm256_srai_epi32(_mm256_sub_epi32(tmp12, tmp2), shift);
}

/// Whether any of the first six lanes of `values[0…count-1]` is outside -32767…32767.
NUKE_AVX2 static inline int nuke_exceeds_16_bits(const __m256i *values, int count) {
    __m256i largest = _mm256_abs_epi32(values[0]);
    for (int index = 1; index < count; index++) largest = _mm256_max_epi32(largest, _mm256_abs_epi32(values[index]));
    __m256i over = _mm256_cmpgt_epi32(largest, _mm256_set1_epi32(32767));
    return (_mm256_movemask_ps(_mm256_castsi256_ps(over)) & 0x3F) != 0;
}

/// What libjpeg's range-limit table gives for `value` (a sample before the +128 level shift):
/// the table is indexed with `value & 1023`, so values wrap, and reads 0…255 clamped for values
/// from -640 to 383. With s = (value + 128) & 1023: s itself below 256, 255 below 640, else 0.
NUKE_AVX2 static inline __m256i nuke_range_limit(__m256i value) {
    __m256i s = _mm256_and_si256(_mm256_add_epi32(value, _mm256_set1_epi32(128)), _mm256_set1_epi32(1023));
    __m256i kept = _mm256_cmpgt_epi32(_mm256_set1_epi32(640), s);
    return _mm256_and_si256(_mm256_min_epi32(s, _mm256_set1_epi32(255)), kept);
}

NUKE_AVX2 static void nuke_idct_6x6_avx2(
    j_decompress_ptr cinfo,
    jpeg_component_info *compptr,
    JCOEFPTR coef_block,
    JSAMPARRAY output_buf,
    JDIMENSION output_col
) {
    const short *quant = (const short *)compptr->dct_table;
    // Pass 1: the columns, one per lane (lanes 6 and 7 carry columns the 6x6 output ignores).
    __m256i in[6], work[8];
    for (int row = 0; row < 6; row++) {
        __m256i coefficients = _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(coef_block + row * DCTSIZE)));
        __m256i quantizers = _mm256_cvtepi16_epi32(_mm_loadu_si128((const __m128i *)(quant + row * DCTSIZE)));
        in[row] = _mm256_mullo_epi32(coefficients, quantizers);
    }
    if (nuke_exceeds_16_bits(in, 6)) {
        jpeg_idct_6x6(cinfo, compptr, coef_block, output_buf, output_col);
        return;
    }
    nuke_idct6_pass(in, work, 1);
    work[6] = work[7] = _mm256_setzero_si256();
    if (nuke_exceeds_16_bits(work, 6)) {
        jpeg_idct_6x6(cinfo, compptr, coef_block, output_buf, output_col);
        return;
    }
    // Pass 2: the rows, one per lane.
    nuke_transpose8(work);
    __m256i out[6];
    nuke_idct6_pass(work, out, 0);
    for (int column = 0; column < 6; column++) out[column] = nuke_range_limit(out[column]);
    // Bytes: lane r of out[c] is row r, column c. Packed, then each row's six bytes gathered.
    __m256i first = _mm256_packus_epi16(_mm256_packs_epi32(out[0], out[1]), _mm256_packs_epi32(out[2], out[3]));
    __m256i second = _mm256_packus_epi16(_mm256_packs_epi32(out[4], out[5]), _mm256_setzero_si256());
    first = _mm256_shuffle_epi8(first, _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0, 4, 8,
                                                        12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15));
    second = _mm256_shuffle_epi8(second, _mm256_setr_epi8(0, 4, 1, 5, 2, 6, 3, 7, -1, -1, -1, -1, -1, -1, -1, -1, 0, 4,
                                                          1, 5, 2, 6, 3, 7, -1, -1, -1, -1, -1, -1, -1, -1));
    uint32_t heads[8];
    uint16_t tails[16];
    _mm256_storeu_si256((__m256i *)heads, first);
    _mm256_storeu_si256((__m256i *)tails, second);
    for (int row = 0; row < 6; row++) {
        JSAMPROW output = output_buf[row] + output_col;
        memcpy(output, &heads[row], 4);
        memcpy(output + 4, &tails[(row / 4) * 8 + row % 4], 2);
    }
}


/// What libjpeg's range-limit table gives, as nuke_range_limit, on four lanes.
NUKE_AVX2 static inline __m128i nuke_range_limit4(__m128i value) {
    __m128i s = _mm_and_si128(_mm_add_epi32(value, _mm_set1_epi32(128)), _mm_set1_epi32(1023));
    __m128i kept = _mm_cmpgt_epi32(_mm_set1_epi32(640), s);
    return _mm_and_si128(_mm_min_epi32(s, _mm_set1_epi32(255)), kept);
}

/// Whether any of the first three lanes of `values[0…2]` is outside -32767…32767.
NUKE_AVX2 static inline int nuke_exceeds_16_bits4(const __m128i values[3]) {
    __m128i largest = _mm_max_epi32(_mm_abs_epi32(values[0]), _mm_max_epi32(_mm_abs_epi32(values[1]), _mm_abs_epi32(values[2])));
    __m128i over = _mm_cmpgt_epi32(largest, _mm_set1_epi32(32767));
    return (_mm_movemask_ps(_mm_castsi128_ps(over)) & 0x7) != 0;
}

/// One pass of jpeg_idct_3x3 on four lanes, as nuke_idct6_pass.
NUKE_AVX2 static inline void nuke_idct3_pass(const __m128i in[3], __m128i out[3], int is_first_pass) {
    const int shift = is_first_pass ? NUKE_CONST_BITS - NUKE_PASS1_BITS : NUKE_CONST_BITS + NUKE_PASS1_BITS + 3;
    const __m128i fudge = is_first_pass ? _mm_set1_epi32(1 << (NUKE_CONST_BITS - NUKE_PASS1_BITS - 1))
                                        : _mm_set1_epi32((1 << (NUKE_PASS1_BITS + 2)) << NUKE_CONST_BITS);
    // Even part.
    __m128i tmp0 = _mm_add_epi32(_mm_slli_epi32(in[0], NUKE_CONST_BITS), fudge);
    __m128i tmp12 = _mm_mullo_epi32(in[2], _mm_set1_epi32(NUKE_FIX(0.707106781)));
    __m128i tmp10 = _mm_add_epi32(tmp0, tmp12);
    __m128i tmp2 = _mm_sub_epi32(_mm_sub_epi32(tmp0, tmp12), tmp12);
    // Odd part.
    tmp0 = _mm_mullo_epi32(in[1], _mm_set1_epi32(NUKE_FIX(1.224744871)));
    out[0] = _mm_srai_epi32(_mm_add_epi32(tmp10, tmp0), shift);
    out[2] = _mm_srai_epi32(_mm_sub_epi32(tmp10, tmp0), shift);
    out[1] = _mm_srai_epi32(tmp2, shift);
}

NUKE_AVX2 static void nuke_idct_3x3_avx2(
    j_decompress_ptr cinfo,
    jpeg_component_info *compptr,
    JCOEFPTR coef_block,
    JSAMPARRAY output_buf,
    JDIMENSION output_col
) {
    const short *quant = (const short *)compptr->dct_table;
    // Pass 1: the columns, one per lane (lane 3 carries a column the output ignores).
    __m128i in[3], work[4];
    for (int row = 0; row < 3; row++) {
        __m128i coefficients = _mm_cvtepi16_epi32(_mm_loadl_epi64((const __m128i *)(coef_block + row * DCTSIZE)));
        __m128i quantizers = _mm_cvtepi16_epi32(_mm_loadl_epi64((const __m128i *)(quant + row * DCTSIZE)));
        in[row] = _mm_mullo_epi32(coefficients, quantizers);
    }
    if (nuke_exceeds_16_bits4(in)) {
        jpeg_idct_3x3(cinfo, compptr, coef_block, output_buf, output_col);
        return;
    }
    nuke_idct3_pass(in, work, 1);
    if (nuke_exceeds_16_bits4(work)) {
        jpeg_idct_3x3(cinfo, compptr, coef_block, output_buf, output_col);
        return;
    }
    // Pass 2: the rows, one per lane.
    work[3] = _mm_setzero_si128();
    __m128i low01 = _mm_unpacklo_epi32(work[0], work[1]), high01 = _mm_unpackhi_epi32(work[0], work[1]);
    __m128i low23 = _mm_unpacklo_epi32(work[2], work[3]), high23 = _mm_unpackhi_epi32(work[2], work[3]);
    __m128i rows[3] = {_mm_unpacklo_epi64(low01, low23), _mm_unpackhi_epi64(low01, low23), _mm_unpacklo_epi64(high01, high23)};
    __m128i out[3];
    nuke_idct3_pass(rows, out, 0);
    // Bytes: lane r of out[c] is row r, column c.
    __m128i bytes = _mm_packus_epi16(_mm_packs_epi32(nuke_range_limit4(out[0]), nuke_range_limit4(out[1])),
                                     _mm_packs_epi32(nuke_range_limit4(out[2]), _mm_setzero_si128()));
    bytes = _mm_shuffle_epi8(bytes, _mm_setr_epi8(0, 4, 8, -1, 1, 5, 9, -1, 2, 6, 10, -1, -1, -1, -1, -1));
    uint32_t rowBytes[4];
    _mm_storeu_si128((__m128i *)rowBytes, bytes);
    for (int row = 0; row < 3; row++) memcpy(output_buf[row] + output_col, &rowBytes[row], 3);
}

#endif

int nuke_jpeg_has_fast_idct(void) {
#if NUKE_JPEG_HAS_AVX2_IDCT
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

/// Whether the component's IDCT multiplier table holds its quantization table as 16-bit values,
/// as the fast IDCT reads it (libjpeg-turbo built with SIMD; a build with `int` multipliers would not).
static int nuke_has_16_bit_multipliers(jpeg_component_info *component) {
    if (!component->dct_table || !component->quant_table) return 0;
    const short *table = (const short *)component->dct_table;
    for (int index = 0; index < DCTSIZE2; index++) {
        if (table[index] != (short)component->quant_table->quantval[index]) return 0;
    }
    return 1;
}

/// The AVX2 replacement for libjpeg's inverse DCT `method`, or NULL where there is none (another
/// method, or a CPU without AVX2).
static nuke_inverse_dct nuke_fast_replacement(nuke_inverse_dct method) {
#if NUKE_JPEG_HAS_AVX2_IDCT
    if (!nuke_jpeg_has_fast_idct()) return NULL;
    if (method == jpeg_idct_6x6) return nuke_idct_6x6_avx2;
    if (method == jpeg_idct_3x3) return nuke_idct_3x3_avx2;
#endif
    (void)method;
    return NULL;
}

int nuke_jpeg_install_fast_idct(j_decompress_ptr cinfo) {
    int replaced = 0;
    for (int index = 0; index < cinfo->num_components && index < MAX_COMPONENTS; index++) {
        nuke_inverse_dct replacement = nuke_fast_replacement(nuke_jpeg_inverse_dct(cinfo, index));
        if (!replacement || !nuke_has_16_bit_multipliers(cinfo->comp_info + index)) continue;
        replaced += nuke_jpeg_set_inverse_dct(cinfo, index, replacement);
    }
    return replaced;
}

int nuke_jpeg_use_fast_idct(j_decompress_ptr cinfo) {
    return nuke_jpeg_hooks_enabled() ? nuke_jpeg_install_fast_idct(cinfo) : 0;
}

// MARK: Test support

int nuke_jpeg_compare_idct(
    const uint8_t *jpeg,
    size_t size,
    int block_size,
    const int16_t *coefficients,
    const int16_t *quantizers,
    int count
) {
    if (!jpeg || size == 0 || !coefficients || !quantizers || count < 0) return -1;
    if (block_size != 3 && block_size != 6) return -1;
    nuke_inverse_dct library = block_size == 6 ? jpeg_idct_6x6 : jpeg_idct_3x3;
    nuke_inverse_dct fast = nuke_fast_replacement(library);
    if (!fast) fast = library;  // No replacement on this CPU: the library against itself.
    struct jpeg_decompress_struct cinfo;
    nuke_error_mgr error;
    nuke_init_error(&error, NULL);
    cinfo.err = &error.base;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, jpeg, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    // Started for its range-limit table, which both IDCTs read.
    jpeg_start_decompress(&cinfo);
    jpeg_component_info component = cinfo.comp_info[0];
    short table[DCTSIZE2];
    JCOEF block[DCTSIZE2];
    // Six rows of 16 bytes; the block is written from column 5, the rest must stay as it was.
    JSAMPLE expected[6][16], actual[6][16];
    JSAMPROW expected_rows[6], actual_rows[6];
    for (int row = 0; row < 6; row++) {
        expected_rows[row] = expected[row];
        actual_rows[row] = actual[row];
    }
    int differing = 0;
    for (int index = 0; index < count; index++) {
        memcpy(table, quantizers + (size_t)index * DCTSIZE2, sizeof table);
        memcpy(block, coefficients + (size_t)index * DCTSIZE2, sizeof block);
        component.dct_table = table;
        memset(expected, 0xA5, sizeof expected);
        memset(actual, 0xA5, sizeof actual);
        library(&cinfo, &component, block, expected_rows, 5);
        fast(&cinfo, &component, block, actual_rows, 5);
        if (memcmp(expected, actual, sizeof expected) != 0) differing++;
    }
    jpeg_abort_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return differing;
}
