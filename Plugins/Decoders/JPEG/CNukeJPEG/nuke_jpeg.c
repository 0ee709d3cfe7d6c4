// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#include "CNukeJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

#include "nuke_jpeg_error.h"
#include "nuke_jpeg_idct.h"
#include "nuke_jpeg_planar_color.h"

// MARK: Error handling

static void nuke_error_exit(j_common_ptr cinfo) {
    nuke_error_mgr *error = (nuke_error_mgr *)cinfo->err;
    if (error->message) (*cinfo->err->format_message)(cinfo, error->message);
    longjmp(error->jump, 1);
}

// Whether a warning means the image ends early: the data ran out (libjpeg then inserts a fake
// EOI), or the entropy decoder ran into the real EOI while it still needed bits.
static int nuke_is_early_end(j_common_ptr cinfo) {
    int code = cinfo->err->msg_code;
    if (code == JWRN_JPEG_EOF) return 1;
    return code == JWRN_HIT_MARKER && cinfo->is_decompressor
        && ((j_decompress_ptr)cinfo)->unread_marker == JPEG_EOI;
}

// Warnings are counted, never printed. An early end stops the decode at once unless partial
// images are wanted: libjpeg would otherwise fill every missing row of the declared size with
// grey, which costs as much as decoding a real image of that size.
static void nuke_emit_message(j_common_ptr cinfo, int level) {
    nuke_error_mgr *error = (nuke_error_mgr *)cinfo->err;
    if (level >= 0) return;
    cinfo->err->num_warnings++;
    if (!nuke_is_early_end(cinfo)) return;
    error->saw_eof = 1;
    if (!error->allow_truncated) {
        if (error->message) strncpy(error->message, "the data ends before the image does", NUKE_JPEG_MESSAGE_SIZE - 1);
        longjmp(error->jump, 1);
    }
}

static void nuke_output_message(j_common_ptr cinfo) {
    (void)cinfo;
}

static void nuke_progress(j_common_ptr cinfo) {
    nuke_error_mgr *error = (nuke_error_mgr *)cinfo->err;
    if (cinfo->is_decompressor) {
        j_decompress_ptr dinfo = (j_decompress_ptr)cinfo;
        if (dinfo->input_scan_number > error->max_scans) {
            error->too_many_scans = 1;
            strncpy(error->message, "too many progressive scans", NUKE_JPEG_MESSAGE_SIZE - 1);
            longjmp(error->jump, 1);
        }
    }
}

void nuke_init_error(nuke_error_mgr *error, char *message) {
    jpeg_std_error(&error->base);
    error->base.error_exit = nuke_error_exit;
    error->base.emit_message = nuke_emit_message;
    error->base.output_message = nuke_output_message;
    error->message = message;
    error->saw_eof = 0;
    error->allow_truncated = 0;
    error->max_scans = 1000;
    error->too_many_scans = 0;
    if (message) message[0] = 0;
}

static nuke_jpeg_color nuke_color(J_COLOR_SPACE space) {
    switch (space) {
    case JCS_GRAYSCALE: return NUKE_JPEG_COLOR_GRAY;
    case JCS_YCbCr:
    case JCS_RGB: return NUKE_JPEG_COLOR_RGB;
    case JCS_CMYK:
    case JCS_YCCK: return NUKE_JPEG_COLOR_CMYK;
    default: return NUKE_JPEG_COLOR_OTHER;
    }
}

// MARK: Memory

// The bytes libjpeg allocates for whole-image coefficient buffers: files with several scans
// (progressive, or sequential with components in separate scans) keep every DCT block of every
// component until the last scan, 128 bytes a block. Valid after jpeg_read_header.
static size_t nuke_coefficient_bytes(j_decompress_ptr cinfo) {
    if (!cinfo->progressive_mode && cinfo->comps_in_scan >= cinfo->num_components) return 0;
    size_t total = 0;
    for (int index = 0; index < cinfo->num_components; index++) {
        jpeg_component_info *component = &cinfo->comp_info[index];
        size_t h = (size_t)component->h_samp_factor, v = (size_t)component->v_samp_factor;
        size_t columns = ((size_t)component->width_in_blocks + h - 1) / h * h;
        size_t rows = ((size_t)component->height_in_blocks + v - 1) / v * v;
        total += columns * rows * DCTSIZE2 * sizeof(JCOEF);
    }
    return total;
}

// The fewest bytes a complete file of this header can have: with Huffman coding every block of
// every component costs at least one bit (its DC code), so a file shorter than that ends early
// whatever its scans say. Arithmetic coding can spend less than a bit on a block: no bound.
static size_t nuke_minimum_size(j_decompress_ptr cinfo) {
    if (cinfo->arith_code) return 0;
    size_t blocks = 0;
    for (int index = 0; index < cinfo->num_components; index++) {
        jpeg_component_info *component = &cinfo->comp_info[index];
        blocks += (size_t)component->width_in_blocks * (size_t)component->height_in_blocks;
    }
    return blocks / 8;
}

// Whether every coefficient of every component was refined to its last bit: a progressive file
// whose data stopped (at an EOI) between two scans leaves some never sent or half refined.
// With `dc_only`, only the DC coefficients count (the data was reduced to its DC scans).
static int nuke_has_every_scan(j_decompress_ptr cinfo, int dc_only) {
    if (!cinfo->progressive_mode || !cinfo->coef_bits) return 1;
    for (int component = 0; component < cinfo->num_components; component++) {
        for (int k = 0; k < (dc_only ? 1 : DCTSIZE2); k++) {
            if (cinfo->coef_bits[component][k] != 0) return 0;
        }
    }
    return 1;
}

// MARK: Header

int nuke_jpeg_read_header(const uint8_t *data, size_t size, nuke_jpeg_info *info, char message[NUKE_JPEG_MESSAGE_SIZE]) {
    if (!data || size == 0 || !info) return NUKE_JPEG_BAD_ARGUMENT;
    struct jpeg_decompress_struct cinfo;
    nuke_error_mgr error;
    nuke_init_error(&error, message);
    cinfo.err = &error.base;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return error.saw_eof ? NUKE_JPEG_TRUNCATED : NUKE_JPEG_ERROR;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    int truncated = error.saw_eof;
    info->width = (int)cinfo.image_width;
    info->height = (int)cinfo.image_height;
    info->components = cinfo.num_components;
    info->color = nuke_color(cinfo.jpeg_color_space);
    info->is_progressive = cinfo.progressive_mode ? 1 : 0;
    jpeg_destroy_decompress(&cinfo);
    if (truncated) {
        strncpy(message, "the data ends inside the header", NUKE_JPEG_MESSAGE_SIZE - 1);
        return NUKE_JPEG_TRUNCATED;
    }
    return NUKE_JPEG_OK;
}

// MARK: Decoding

// Adobe writes CMYK inverted (255 = no ink); other writers do not.
/// Turns a row of CMYK as libjpeg gives it into 0 = no ink (Adobe's files store it inverted).
static void nuke_cmyk_normalize(JSAMPLE *cmyk, JDIMENSION width, int inverted) {
    if (!inverted) return;
    for (size_t index = 0; index < (size_t)width * 4; index++) cmyk[index] = (JSAMPLE)(255 - cmyk[index]);
}

int nuke_jpeg_decode(
    const uint8_t *data,
    size_t size,
    int scale_num,
    int allow_truncated,
    int max_scans,
    size_t memory_budget,
    int fast,
    int dc_only,
    uint8_t *output,
    size_t output_size,
    size_t stride,
    const nuke_jpeg_planar_conversion *conversion,
    nuke_jpeg_result *result,
    char message[NUKE_JPEG_MESSAGE_SIZE]
) {
    if (!data || size == 0 || !output || !result || scale_num < 1 || scale_num > 8) return NUKE_JPEG_BAD_ARGUMENT;
    struct jpeg_decompress_struct cinfo;
    struct jpeg_progress_mgr progress;
    nuke_error_mgr error;
    nuke_init_error(&error, message);
    error.max_scans = max_scans > 0 ? max_scans : 1000;
    error.allow_truncated = allow_truncated;
    result->needed_bytes = 0;
    result->fast_idct_components = 0;
    result->is_converted = 0;
    // Its buffer is allocated by nuke_jpeg_use_planar_color (through the pointer, so it is in
    // memory when libjpeg longjmps) and freed on every way out.
    nuke_jpeg_planar_state planar = {{NULL, NULL}, NULL};
    if (conversion) planar.conversion = *conversion;
    cinfo.err = &error.base;
    if (setjmp(error.jump)) {
        int code = error.too_many_scans ? NUKE_JPEG_TOO_MANY_SCANS : (error.saw_eof ? NUKE_JPEG_TRUNCATED : NUKE_JPEG_ERROR);
        jpeg_destroy_decompress(&cinfo);
        nuke_jpeg_end_planar_color(&planar);
        return code;
    }
    jpeg_create_decompress(&cinfo);
    progress.progress_monitor = nuke_progress;
    cinfo.progress = &progress;
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);

    nuke_jpeg_color color = nuke_color(cinfo.jpeg_color_space);
    int is_gray = color == NUKE_JPEG_COLOR_GRAY;
    int is_cmyk = color == NUKE_JPEG_COLOR_CMYK;
    cinfo.out_color_space = is_gray ? JCS_GRAYSCALE : (is_cmyk ? JCS_CMYK : JCS_EXT_RGBA);
    cinfo.scale_num = (unsigned)scale_num;
    cinfo.scale_denom = 8;
    if (fast) {
        cinfo.dct_method = JDCT_IFAST;
        cinfo.do_fancy_upsampling = FALSE;
    }
    if (dc_only) {
        if (!cinfo.progressive_mode || scale_num != 1) {
            strncpy(message, "DC-only decoding needs a progressive file and scale 1/8", NUKE_JPEG_MESSAGE_SIZE - 1);
            jpeg_destroy_decompress(&cinfo);
            return NUKE_JPEG_BAD_ARGUMENT;
        }
        cinfo.do_block_smoothing = FALSE;  // It would only estimate AC coefficients, unused at 1/8.
    }
    jpeg_calc_output_dimensions(&cinfo);
    size_t row_bytes = (size_t)cinfo.output_width * (is_gray ? 1 : 4);
    if (stride < row_bytes || output_size < stride * cinfo.output_height) {
        strncpy(message, "the output buffer is too small", NUKE_JPEG_MESSAGE_SIZE - 1);
        jpeg_destroy_decompress(&cinfo);
        return NUKE_JPEG_BAD_ARGUMENT;
    }
    if (!allow_truncated && size < nuke_minimum_size(&cinfo)) {
        strncpy(message, "the data is too short for the image it declares", NUKE_JPEG_MESSAGE_SIZE - 1);
        jpeg_destroy_decompress(&cinfo);
        return NUKE_JPEG_TRUNCATED;
    }
    // The coefficient buffers come on top of the output: check both against the budget before
    // jpeg_start_decompress allocates them, and cap libjpeg's own allocations as a second line.
    size_t needed = nuke_coefficient_bytes(&cinfo) + output_size;
    if (memory_budget > 0) {
        if (needed > memory_budget) {
            result->needed_bytes = needed;
            snprintf(message, NUKE_JPEG_MESSAGE_SIZE, "decoding needs %zu bytes, over the budget of %zu", needed,
                     memory_budget);
            jpeg_destroy_decompress(&cinfo);
            return NUKE_JPEG_OVER_BUDGET;
        }
        // What libjpeg itself may take: the coefficient buffers plus room for its tables and
        // row buffers (with no backing store, going over it is an error, not a spill to disk).
        cinfo.mem->max_memory_to_use = (long)(needed - output_size + 16 * 1024 * 1024);
    }
    jpeg_start_decompress(&cinfo);
    result->fast_idct_components = nuke_jpeg_use_fast_idct(&cinfo);
    if (!allow_truncated && !nuke_has_every_scan(&cinfo, dc_only)) {
        // A progressive file consumed whole by jpeg_start_decompress, ending between scans.
        strncpy(message, "the data ends before the last scan", NUKE_JPEG_MESSAGE_SIZE - 1);
        jpeg_destroy_decompress(&cinfo);
        return NUKE_JPEG_TRUNCATED;
    }
    if (!fast) result->is_converted = nuke_jpeg_use_planar_color(&cinfo, &planar);
    // Hand libjpeg every remaining row at once (as TurboJPEG does), so it writes whole row
    // groups straight into the output instead of through its one-row spare buffer.
    int inverted = cinfo.saw_Adobe_marker;
    JSAMPROW rows[64];
    while (cinfo.output_scanline < cinfo.output_height) {
        JDIMENSION first = cinfo.output_scanline;
        JDIMENSION count = cinfo.output_height - first;
        if (count > 64) count = 64;
        for (JDIMENSION index = 0; index < count; index++) {
            rows[index] = output + (size_t)(first + index) * stride;
        }
        JDIMENSION read = jpeg_read_scanlines(&cinfo, rows, count);
        if (is_cmyk) {
            for (JDIMENSION index = 0; index < read; index++) nuke_cmyk_normalize(rows[index], cinfo.output_width, inverted);
        }
        if (read == 0) break;
    }
    result->width = (int)cinfo.output_width;
    result->height = (int)cinfo.output_height;
    result->is_truncated = error.saw_eof;
    if (cinfo.output_scanline == cinfo.output_height) {
        jpeg_finish_decompress(&cinfo);
    }
    jpeg_destroy_decompress(&cinfo);
    nuke_jpeg_end_planar_color(&planar);
    if (error.saw_eof && !allow_truncated) {
        strncpy(message, "the data ends before the image does", NUKE_JPEG_MESSAGE_SIZE - 1);
        return NUKE_JPEG_TRUNCATED;
    }
    return NUKE_JPEG_OK;
}

// MARK: Encoding

int nuke_jpeg_encode(
    const uint8_t *pixels,
    int width,
    int height,
    size_t stride,
    int is_gray,
    int quality,
    int progressive,
    const uint8_t *icc_profile,
    size_t icc_profile_size,
    uint8_t **output,
    size_t *output_size,
    char message[NUKE_JPEG_MESSAGE_SIZE]
) {
    if (!pixels || width <= 0 || height <= 0 || width > JPEG_MAX_DIMENSION || height > JPEG_MAX_DIMENSION || !output || !output_size) {
        return NUKE_JPEG_BAD_ARGUMENT;
    }
    struct jpeg_compress_struct cinfo;
    nuke_error_mgr error;
    unsigned char *volatile buffer = NULL;
    unsigned long buffer_size = 0;
    nuke_init_error(&error, message);
    cinfo.err = &error.base;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(buffer);
        return NUKE_JPEG_ERROR;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &buffer_size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = is_gray ? 1 : 4;
    cinfo.in_color_space = is_gray ? JCS_GRAYSCALE : JCS_EXT_RGBA;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality < 0 ? 0 : (quality > 100 ? 100 : quality), TRUE);
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    if (icc_profile && icc_profile_size > 0 && icc_profile_size <= 0xFFFFFFFFu) {
        jpeg_write_icc_profile(&cinfo, icc_profile, (unsigned int)icc_profile_size);
    }
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    *output = buffer;
    *output_size = buffer_size;
    return NUKE_JPEG_OK;
}

void nuke_jpeg_free(void *buffer) {
    free(buffer);
}

#define NUKE_STRINGIFY_VALUE(x) #x
#define NUKE_STRINGIFY(x) NUKE_STRINGIFY_VALUE(x)

const char *nuke_jpeg_library_version(void) {
#ifdef LIBJPEG_TURBO_VERSION
    return NUKE_STRINGIFY(LIBJPEG_TURBO_VERSION);
#else
    return "libjpeg " NUKE_STRINGIFY(JPEG_LIB_VERSION);
#endif
}
