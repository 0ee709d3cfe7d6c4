#include "CNukeJPEG.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

// MARK: Error handling

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    int saw_eof;
    int max_scans;
    int too_many_scans;
} nuke_error_mgr;

static void nuke_error_exit(j_common_ptr cinfo) {
    nuke_error_mgr *error = (nuke_error_mgr *)cinfo->err;
    if (error->message) (*cinfo->err->format_message)(cinfo, error->message);
    longjmp(error->jump, 1);
}

// Warnings are counted, never printed; a premature end of data is remembered.
static void nuke_emit_message(j_common_ptr cinfo, int level) {
    nuke_error_mgr *error = (nuke_error_mgr *)cinfo->err;
    if (level < 0) {
        if (cinfo->err->msg_code == JWRN_JPEG_EOF) error->saw_eof = 1;
        cinfo->err->num_warnings++;
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

static void nuke_init_error(nuke_error_mgr *error, char *message) {
    jpeg_std_error(&error->base);
    error->base.error_exit = nuke_error_exit;
    error->base.emit_message = nuke_emit_message;
    error->base.output_message = nuke_output_message;
    error->message = message;
    error->saw_eof = 0;
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
static void nuke_cmyk_to_rgba(const JSAMPLE *cmyk, uint8_t *rgba, JDIMENSION width, int inverted) {
    for (JDIMENSION x = 0; x < width; x++) {
        unsigned c = cmyk[4 * x], m = cmyk[4 * x + 1], y = cmyk[4 * x + 2], k = cmyk[4 * x + 3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        rgba[4 * x] = (uint8_t)((c * k + 127) / 255);
        rgba[4 * x + 1] = (uint8_t)((m * k + 127) / 255);
        rgba[4 * x + 2] = (uint8_t)((y * k + 127) / 255);
        rgba[4 * x + 3] = 255;
    }
}

int nuke_jpeg_decode(
    const uint8_t *data,
    size_t size,
    int scale_num,
    int allow_truncated,
    int max_scans,
    int fast,
    uint8_t *output,
    size_t output_size,
    size_t stride,
    nuke_jpeg_result *result,
    char message[NUKE_JPEG_MESSAGE_SIZE]
) {
    if (!data || size == 0 || !output || !result || scale_num < 1 || scale_num > 8) return NUKE_JPEG_BAD_ARGUMENT;
    struct jpeg_decompress_struct cinfo;
    struct jpeg_progress_mgr progress;
    nuke_error_mgr error;
    JSAMPLE *volatile cmyk_row = NULL;
    nuke_init_error(&error, message);
    error.max_scans = max_scans > 0 ? max_scans : 1000;
    cinfo.err = &error.base;
    if (setjmp(error.jump)) {
        int code = error.too_many_scans ? NUKE_JPEG_TOO_MANY_SCANS : (error.saw_eof ? NUKE_JPEG_TRUNCATED : NUKE_JPEG_ERROR);
        free(cmyk_row);
        jpeg_destroy_decompress(&cinfo);
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
    jpeg_calc_output_dimensions(&cinfo);
    size_t row_bytes = (size_t)cinfo.output_width * (is_gray ? 1 : 4);
    if (stride < row_bytes || output_size < stride * cinfo.output_height) {
        strncpy(message, "the output buffer is too small", NUKE_JPEG_MESSAGE_SIZE - 1);
        jpeg_destroy_decompress(&cinfo);
        return NUKE_JPEG_BAD_ARGUMENT;
    }
    jpeg_start_decompress(&cinfo);
    if (is_cmyk) {
        cmyk_row = malloc((size_t)cinfo.output_width * 4);
        if (!cmyk_row) {
            strncpy(message, "out of memory", NUKE_JPEG_MESSAGE_SIZE - 1);
            jpeg_destroy_decompress(&cinfo);
            return NUKE_JPEG_ERROR;
        }
    }
    int inverted = cinfo.saw_Adobe_marker;
    if (is_cmyk) {
        while (cinfo.output_scanline < cinfo.output_height) {
            uint8_t *row = output + (size_t)cinfo.output_scanline * stride;
            JSAMPROW target = cmyk_row;
            if (jpeg_read_scanlines(&cinfo, &target, 1) != 1) break;
            nuke_cmyk_to_rgba(cmyk_row, row, cinfo.output_width, inverted);
        }
    } else {
        // Hand libjpeg every remaining row at once (as TurboJPEG does), so it writes whole row
        // groups straight into the output instead of through its one-row spare buffer.
        JSAMPROW rows[64];
        while (cinfo.output_scanline < cinfo.output_height) {
            JDIMENSION count = cinfo.output_height - cinfo.output_scanline;
            if (count > 64) count = 64;
            for (JDIMENSION index = 0; index < count; index++) {
                rows[index] = output + (size_t)(cinfo.output_scanline + index) * stride;
            }
            if (jpeg_read_scanlines(&cinfo, rows, count) == 0) break;
        }
    }
    result->width = (int)cinfo.output_width;
    result->height = (int)cinfo.output_height;
    result->is_truncated = error.saw_eof;
    if (cinfo.output_scanline == cinfo.output_height) {
        jpeg_finish_decompress(&cinfo);
    }
    free(cmyk_row);
    jpeg_destroy_decompress(&cinfo);
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
