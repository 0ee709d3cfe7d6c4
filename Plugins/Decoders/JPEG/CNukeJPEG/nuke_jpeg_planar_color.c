// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// Colour conversion inside the decode: libjpeg's colour stage (YCbCr → interleaved RGBA, the last
// step before a row is stored) replaced by YCbCr → red, green and blue planes, handed with the
// output row to a conversion a colour manager gives (NukeLCMS's AVX-512 loop, which reads planes
// natively). Each row is converted while it is in cache instead of in a second pass over the whole
// image, and the colour manager's loop skips splitting pixels into planes.
//
// The planes are exactly what libjpeg-turbo's colour stage computes (jdcolor.c): red is
// Y + Cr_r_tab[Cr], blue Y + Cb_b_tab[Cb], green Y + ((Cb_g_tab[Cb] + Cr_g_tab[Cr]) >> 16), each
// clamped to 0…255. Red's and blue's offsets are below 0 exactly where their chroma is below 128,
// so each is its magnitude, looked up by byte permutes (AVX-512 VBMI), added or subtracted with
// unsigned saturation: the clamp. Green's sum is a 16-bit multiply-add of Cb and 2 Cr by
// −FIX(0.34414) and −FIX(0.71414)/2, plus a constant for the centring on 128.
// nuke_jpeg_compare_planar_color checks every YCbCr triple against the library's own stage.

#include "nuke_jpeg_planar_color.h"
#include "nuke_jpeg_error.h"
#include "nuke_jpeg_hooks.h"

#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/// libjpeg's fixed point: 16 fractional bits, FIX(x) rounded.
#define NUKE_YCC_SCALE_BITS 16
#define NUKE_YCC_FIX(x) ((int32_t)((x) * (1 << NUKE_YCC_SCALE_BITS) + 0.5))

/// The magnitudes of red's and blue's offsets from Y per chroma value (Cr_r_tab, Cb_b_tab: at most
/// 179 and 227), negative below 128.
typedef struct {
    uint8_t red[256], blue[256];
} nuke_ycc_tables;

static void nuke_make_ycc_tables(nuke_ycc_tables *tables) {
    for (int value = 0; value < 256; value++) {
        const int64_t chroma = value - 128, half = 1 << (NUKE_YCC_SCALE_BITS - 1);
        const int32_t red = (int32_t)((NUKE_YCC_FIX(1.40200) * chroma + half) >> NUKE_YCC_SCALE_BITS);
        const int32_t blue = (int32_t)((NUKE_YCC_FIX(1.77200) * chroma + half) >> NUKE_YCC_SCALE_BITS);
        tables->red[value] = (uint8_t)(red < 0 ? -red : red);
        tables->blue[value] = (uint8_t)(blue < 0 ? -blue : blue);
    }
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))

#include <immintrin.h>

#define NUKE_AVX512 __attribute__((target("avx512f,avx512bw,avx512vbmi")))

int nuke_jpeg_has_planar_color(void) {
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vbmi");
}

/// Y plus the offset of `chroma` in `table` (its magnitude; negative for chroma below 128),
/// clamped to 0…255: the table's upper half added where chroma is from 128 up, its lower half
/// subtracted elsewhere (each lookup zero in the other's bytes), both saturating.
NUKE_AVX512 static inline __m512i nuke_ycc_offset(__m512i luma, __m512i chroma, const uint8_t *table) {
    const __mmask64 upper = _mm512_movepi8_mask(chroma);
    const __m512i raise = _mm512_maskz_permutex2var_epi8(upper, _mm512_loadu_si512(table + 128), chroma,
                                                         _mm512_loadu_si512(table + 192));
    const __m512i lower = _mm512_maskz_permutex2var_epi8(_knot_mask64(upper), _mm512_loadu_si512(table), chroma,
                                                         _mm512_loadu_si512(table + 64));
    return _mm512_subs_epu8(_mm512_adds_epu8(luma, raise), lower);
}

/// Green's offset from Y for the pixels of one unpacked half, from their Cb and 2 Cr as words:
/// (Cb_g_tab[Cb] + Cr_g_tab[Cr]) >> 16.
NUKE_AVX512 static inline __m512i nuke_ycc_green_offset(__m512i blue_chroma, __m512i doubled_red_chroma) {
    // −FIX(0.34414) × (Cb − 128) − FIX(0.71414) × (Cr − 128) + 2^15: a 16-bit multiply-add of Cb and
    // 2 Cr, the second factor halved so that both fit 16 bits (FIX(0.71414) is even), plus the
    // centring's constant.
    const int32_t blue_factor = -NUKE_YCC_FIX(0.34414), red_factor = -NUKE_YCC_FIX(0.71414) / 2;
    const __m512i factors =
        _mm512_set1_epi32((int32_t)((uint32_t)(uint16_t)blue_factor | (uint32_t)(uint16_t)red_factor << 16));
    const __m512i constant =
        _mm512_set1_epi32((1 << (NUKE_YCC_SCALE_BITS - 1)) - 128 * blue_factor - 256 * red_factor);
    __m512i sums[2];
    for (int part = 0; part < 2; part++) {
        const __m512i pairs = part == 0 ? _mm512_unpacklo_epi16(blue_chroma, doubled_red_chroma)
                                        : _mm512_unpackhi_epi16(blue_chroma, doubled_red_chroma);
        sums[part] =
            _mm512_srai_epi32(_mm512_add_epi32(_mm512_madd_epi16(pairs, factors), constant), NUKE_YCC_SCALE_BITS);
    }
    return _mm512_packs_epi32(sums[0], sums[1]);
}

/// 64 pixels' Y, Cb and Cr to their red, green and blue.
NUKE_AVX512 static inline void nuke_ycc_block(const nuke_ycc_tables *tables, __m512i luma, __m512i blue_chroma,
                                              __m512i red_chroma, __m512i planes[3]) {
    const __m512i zero = _mm512_setzero_si512();
    planes[0] = nuke_ycc_offset(luma, red_chroma, tables->red);
    planes[2] = nuke_ycc_offset(luma, blue_chroma, tables->blue);
    // Y, Cb and 2 Cr as words, in the unpacked halves' order (which the pack at the end undoes).
    __m512i green[2];
    for (int part = 0; part < 2; part++) {
        const __m512i luma_part = part == 0 ? _mm512_unpacklo_epi8(luma, zero) : _mm512_unpackhi_epi8(luma, zero);
        const __m512i cb =
            part == 0 ? _mm512_unpacklo_epi8(blue_chroma, zero) : _mm512_unpackhi_epi8(blue_chroma, zero);
        const __m512i cr =
            part == 0 ? _mm512_unpacklo_epi8(red_chroma, zero) : _mm512_unpackhi_epi8(red_chroma, zero);
        green[part] = _mm512_add_epi16(luma_part, nuke_ycc_green_offset(cb, _mm512_add_epi16(cr, cr)));
    }
    planes[1] = _mm512_packus_epi16(green[0], green[1]);
}

/// One row of `width` pixels from its Y, Cb and Cr rows into red, green and blue planes.
NUKE_AVX512 static void nuke_ycc_row(const nuke_ycc_tables *tables, const uint8_t *luma, const uint8_t *blue_chroma,
                                     const uint8_t *red_chroma, uint8_t *red, uint8_t *green, uint8_t *blue,
                                     size_t width) {
    for (size_t x = 0; x < width; x += 64) {
        const __mmask64 mask = width - x >= 64 ? ~0ull : (1ull << (width - x)) - 1;
        __m512i planes[3];
        nuke_ycc_block(tables, _mm512_maskz_loadu_epi8(mask, luma + x), _mm512_maskz_loadu_epi8(mask, blue_chroma + x),
                       _mm512_maskz_loadu_epi8(mask, red_chroma + x), planes);
        _mm512_mask_storeu_epi8(red + x, mask, planes[0]);
        _mm512_mask_storeu_epi8(green + x, mask, planes[1]);
        _mm512_mask_storeu_epi8(blue + x, mask, planes[2]);
    }
}

#else

int nuke_jpeg_has_planar_color(void) { return 0; }

static void nuke_ycc_row(const nuke_ycc_tables *tables, const uint8_t *luma, const uint8_t *blue_chroma,
                         const uint8_t *red_chroma, uint8_t *red, uint8_t *green, uint8_t *blue, size_t width) {
    // Never called: nuke_jpeg_has_planar_color keeps the replacement out.
    (void)tables, (void)luma, (void)blue_chroma, (void)red_chroma, (void)red, (void)green, (void)blue, (void)width;
}

#endif

/// The tables at the start of `state->buffer`.
static nuke_ycc_tables *nuke_state_tables(nuke_jpeg_planar_state *state) { return (nuke_ycc_tables *)state->buffer; }

/// libjpeg's color_convert, replaced: each row to planes, then through the conversion into the
/// output row.
static void nuke_planar_color_convert(j_decompress_ptr cinfo, JSAMPIMAGE input, JDIMENSION input_row,
                                      JSAMPARRAY output, int rows) {
    nuke_jpeg_planar_state *state = (nuke_jpeg_planar_state *)cinfo->client_data;
    const size_t width = cinfo->output_width;
    uint8_t *red = state->buffer + sizeof(nuke_ycc_tables), *green = red + width, *blue = green + width;
    for (int row = 0; row < rows; row++, input_row++) {
        nuke_ycc_row(nuke_state_tables(state), input[0][input_row], input[1][input_row], input[2][input_row], red,
                     green, blue, width);
        state->conversion.function(state->conversion.context, red, green, blue, output[row], width);
    }
}

int nuke_jpeg_use_planar_color(j_decompress_ptr cinfo, nuke_jpeg_planar_state *state) {
    state->buffer = NULL;
    return nuke_jpeg_hooks_enabled() ? nuke_jpeg_install_planar_color(cinfo, state) : 0;
}

int nuke_jpeg_install_planar_color(j_decompress_ptr cinfo, nuke_jpeg_planar_state *state) {
    state->buffer = NULL;
    if (!state->conversion.function || !nuke_jpeg_has_planar_color()) return 0;
    // Only where libjpeg runs its separate colour stage on YCbCr: with fancy upsampling (the merged
    // upsampler converts by itself), no quantization, to RGBA.
    if (cinfo->jpeg_color_space != JCS_YCbCr || cinfo->num_components != 3 || cinfo->out_color_space != JCS_EXT_RGBA ||
        !cinfo->do_fancy_upsampling || cinfo->quantize_colors || cinfo->raw_data_out || !nuke_jpeg_color_convert(cinfo)) {
        return 0;
    }
    state->buffer = malloc(sizeof(nuke_ycc_tables) + 3 * (size_t)cinfo->output_width);
    if (!state->buffer) return 0;
    nuke_make_ycc_tables(nuke_state_tables(state));
    cinfo->client_data = state;
    return nuke_jpeg_set_color_convert(cinfo, nuke_planar_color_convert);
}

void nuke_jpeg_end_planar_color(nuke_jpeg_planar_state *state) {
    free(state->buffer);
    state->buffer = NULL;
}

// MARK: Test support

int nuke_jpeg_compare_planar_color(const uint8_t *jpeg, size_t size) {
    if (!jpeg || size == 0) return -1;
    if (!nuke_jpeg_has_planar_color()) return 0;
    enum { width = 4096 };
    struct jpeg_decompress_struct cinfo;
    nuke_error_mgr error;
    nuke_init_error(&error, NULL);
    cinfo.err = &error.base;
    uint8_t *buffer = malloc(sizeof(nuke_ycc_tables) + 10 * (size_t)width);
    if (!buffer) return -1;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(buffer);
        return -1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, jpeg, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    nuke_color_convert library_stage = nuke_jpeg_color_convert(&cinfo);
    if (cinfo.jpeg_color_space != JCS_YCbCr || cinfo.num_components != 3 || !library_stage) {
        jpeg_destroy_decompress(&cinfo);
        free(buffer);
        return -1;
    }
    // The library's colour stage as jpeg_start_decompress chose it (its SIMD form, where it has
    // one), run on rows of our width.
    cinfo.output_width = width;
    nuke_ycc_tables *tables = (nuke_ycc_tables *)buffer;
    nuke_make_ycc_tables(tables);
    uint8_t *luma = buffer + sizeof *tables, *blue_chroma = luma + width, *red_chroma = blue_chroma + width;
    uint8_t *planes = red_chroma + width, *library = planes + 3 * width;
    JSAMPROW components[3] = {luma, blue_chroma, red_chroma};
    JSAMPARRAY image[3] = {&components[0], &components[1], &components[2]};
    JSAMPROW output = library;
    int differing = 0;
    // Every (Y, Cb, Cr): Y and the low bits of Cb along a row, the rest of Cb and Cr across rows.
    for (int row = 0; row < (1 << 24) / width; row++) {
        for (int x = 0; x < width; x++) {
            luma[x] = (uint8_t)x;
            blue_chroma[x] = (uint8_t)((row & 15) << 4 | x >> 8);
            red_chroma[x] = (uint8_t)(row >> 4);
        }
        library_stage(&cinfo, image, 0, &output, 1);
        nuke_ycc_row(tables, luma, blue_chroma, red_chroma, planes, planes + width, planes + 2 * width, width);
        for (int x = 0; x < width; x++) {
            for (int channel = 0; channel < 3; channel++) {
                if (planes[channel * width + x] != library[4 * x + channel]) {
                    differing++;
                    break;
                }
            }
        }
    }
    jpeg_abort_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    free(buffer);
    return differing;
}
