// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#include "CNukePNG.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

// MARK: Errors

typedef struct {
    char *message;
    int code;
} nuke_png_error_state;

static void nuke_png_set_message(nuke_png_error_state *state, const char *text) {
    if (state && state->message && text) {
        strncpy(state->message, text, NUKE_PNG_MESSAGE_SIZE - 1);
        state->message[NUKE_PNG_MESSAGE_SIZE - 1] = 0;
    }
}

static void nuke_png_error(png_structp png, png_const_charp text) {
    nuke_png_error_state *state = (nuke_png_error_state *)png_get_error_ptr(png);
    if (state && state->code == NUKE_PNG_OK) state->code = NUKE_PNG_ERROR;
    nuke_png_set_message(state, text);
    png_longjmp(png, 1);
}

static void nuke_png_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;  // Warnings (bad ancillary CRCs and the like) are not fatal and never printed.
}

// MARK: Decoding

typedef struct {
    nuke_png_error_state error;
    uint64_t max_pixels;
    uint8_t *output;
    size_t output_size;
    nuke_png_image *image;
    size_t stride;
    int passes;
    int finished;
    int saw_last_row;  // the last row of the last pass arrived
} nuke_png_reader;

static void nuke_png_info(png_structp png, png_infop info) {
    nuke_png_reader *reader = (nuke_png_reader *)png_get_progressive_ptr(png);
    png_uint_32 width = 0, height = 0;
    int depth = 0, color = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &depth, &color, &interlace, NULL, NULL);
    if (width == 0 || height == 0) {
        reader->error.code = NUKE_PNG_ERROR;
        png_error(png, "the image has no pixels");
    }
    if ((uint64_t)width * (uint64_t)height > reader->max_pixels) {
        reader->error.code = NUKE_PNG_TOO_LARGE;
        reader->image->width = (int)width;
        reader->image->height = (int)height;
        png_error(png, "the image is over the pixel limit");
    }
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    int is_gray = (color == PNG_COLOR_TYPE_GRAY) && !has_trns;
    if (depth == 16) png_set_scale_16(png);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (has_trns) png_set_tRNS_to_alpha(png);
    if (!is_gray) {
        if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
        if (!(color & PNG_COLOR_MASK_ALPHA) && !has_trns) png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    }
    reader->passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);

    int channels = is_gray ? 1 : 4;
    size_t stride = (size_t)width * (size_t)channels;
    if (png_get_rowbytes(png, info) != stride) png_error(png, "unexpected row size after transformations");
    uint8_t *pixels = reader->output;
    if (pixels) {
        if (reader->output_size != (size_t)height * stride) png_error(png, "the output buffer does not fit the image");
    } else {
        pixels = calloc((size_t)height, stride);
        if (!pixels) png_error(png, "out of memory");
    }
    // The embedded colour profile (libpng has checked it and drops a malformed one with a warning).
    png_charp profile_name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 profile_size = 0;
    if (png_get_iCCP(png, info, &profile_name, &compression, &profile, &profile_size) == PNG_INFO_iCCP && profile &&
        profile_size > 0) {
        reader->image->icc_profile = malloc(profile_size);
        if (reader->image->icc_profile) {
            memcpy(reader->image->icc_profile, profile, profile_size);
            reader->image->icc_profile_size = profile_size;
        }
    }
    reader->image->width = (int)width;
    reader->image->height = (int)height;
    reader->image->channels = channels;
    reader->image->is_interlaced = interlace != PNG_INTERLACE_NONE;
    reader->image->pixels = pixels;
    reader->stride = stride;
}

static void nuke_png_row(png_structp png, png_bytep row, png_uint_32 row_number, int pass) {
    nuke_png_reader *reader = (nuke_png_reader *)png_get_progressive_ptr(png);
    nuke_png_image *image = reader->image;
    if (!image->pixels || row_number >= (png_uint_32)image->height) return;
    png_progressive_combine_row(png, image->pixels + (size_t)row_number * reader->stride, row);
    image->completed_passes = pass;
    image->completed_rows = (int)row_number + 1;
    // With interlace handling libpng reports every image row in every pass (NULL for rows a pass
    // leaves alone, and for passes a small image does not have), so the image is whole once row
    // height - 1 of the last pass arrived.
    int last_pass = reader->passes - 1;
    if (pass == last_pass && row_number == (png_uint_32)image->height - 1) reader->saw_last_row = 1;
}

static void nuke_png_end(png_structp png, png_infop info) {
    nuke_png_reader *reader = (nuke_png_reader *)png_get_progressive_ptr(png);
    // An IEND after a compressed stream that ended early is truncation, not a complete image.
    reader->finished = reader->saw_last_row;
    // libpng's progressive reader does not know eXIf: it is kept as an unknown chunk (see
    // nuke_png_decode), before or after the image data; by IEND it has been read either way.
    png_unknown_chunkp chunks = NULL;
    int count = reader->finished ? png_get_unknown_chunks(png, info, &chunks) : 0;
    for (int index = 0; index < count; index++) {
        if (memcmp(chunks[index].name, "eXIf", 4) != 0 || !chunks[index].data || chunks[index].size == 0) continue;
        reader->image->exif = malloc(chunks[index].size);
        if (reader->image->exif) {
            memcpy(reader->image->exif, chunks[index].data, chunks[index].size);
            reader->image->exif_size = chunks[index].size;
        }
        break;  // One eXIf chunk at most, as the specification says.
    }
    png_process_data_pause(png, 0);  // Anything after IEND is ignored.
}

/// Releases what a failed decode had kept of the chunks (the ICC profile, the EXIF block).
static void nuke_png_release_chunks(nuke_png_image *image) {
    free(image->icc_profile);
    image->icc_profile = NULL;
    image->icc_profile_size = 0;
    free(image->exif);
    image->exif = NULL;
    image->exif_size = 0;
}

int nuke_png_decode(
    const uint8_t *data,
    size_t size,
    uint64_t max_pixels,
    int allow_partial,
    uint8_t *output,
    size_t output_size,
    nuke_png_image *image,
    char message[NUKE_PNG_MESSAGE_SIZE]
) {
    if (!data || !image || !message) return NUKE_PNG_BAD_ARGUMENT;
    memset(image, 0, sizeof(*image));
    message[0] = 0;
    if (size < 8 || png_sig_cmp(data, 0, 8) != 0) {
        strncpy(message, "not a PNG signature", NUKE_PNG_MESSAGE_SIZE - 1);
        return size < 8 && size > 0 && png_sig_cmp(data, 0, size) == 0 ? NUKE_PNG_TRUNCATED : NUKE_PNG_NOT_PNG;
    }
    nuke_png_reader reader;
    memset(&reader, 0, sizeof(reader));
    reader.error.message = message;
    reader.max_pixels = max_pixels;
    reader.output = output;
    reader.output_size = output_size;
    reader.image = image;

    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &reader.error, nuke_png_error, nuke_png_warning);
    if (!png) return NUKE_PNG_ERROR;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        return NUKE_PNG_ERROR;
    }
    if (setjmp(png_jmpbuf(png))) {
        int code = reader.error.code == NUKE_PNG_OK ? NUKE_PNG_ERROR : reader.error.code;
        png_destroy_read_struct(&png, &info, NULL);
        if (image->pixels != output) free(image->pixels);
        image->pixels = NULL;
        nuke_png_release_chunks(image);
        return code;
    }
    png_set_progressive_read_fn(png, &reader, nuke_png_info, nuke_png_row, nuke_png_end);
    // The eXIf chunk, which the progressive reader would drop, is stored as it is in the file
    // (never more bytes than the file has).
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, (png_const_bytep) "eXIf", 1);
    // Decompression-bomb guards beside the pixel limit: ancillary chunks are capped.
    png_set_chunk_malloc_max(png, 8 * 1024 * 1024);
    png_process_data(png, info, (png_bytep)data, size);

    int finished = reader.finished;
    png_destroy_read_struct(&png, &info, NULL);
    image->is_complete = finished;
    if (finished) {
        image->completed_passes = reader.passes;
        image->completed_rows = image->height;
    }
    if (!finished && (!allow_partial || !image->pixels)) {
        if (image->pixels != output) free(image->pixels);
        image->pixels = NULL;
        nuke_png_release_chunks(image);
        strncpy(message, "the data ends before the image does", NUKE_PNG_MESSAGE_SIZE - 1);
        return NUKE_PNG_TRUNCATED;
    }
    return NUKE_PNG_OK;
}

// MARK: Encoding

typedef struct {
    uint8_t *bytes;
    size_t size;
    size_t capacity;
    int failed;
} nuke_png_buffer;

static void nuke_png_write(png_structp png, png_bytep data, size_t length) {
    nuke_png_buffer *buffer = (nuke_png_buffer *)png_get_io_ptr(png);
    if (buffer->size + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->size + length) capacity *= 2;
        uint8_t *grown = realloc(buffer->bytes, capacity);
        if (!grown) {
            buffer->failed = 1;
            png_error(png, "out of memory");
        }
        buffer->bytes = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->bytes + buffer->size, data, length);
    buffer->size += length;
}

static void nuke_png_flush(png_structp png) {
    (void)png;
}

int nuke_png_encode(
    const uint8_t *pixels,
    int width,
    int height,
    size_t stride,
    int channels,
    int drop_alpha,
    int level,
    const uint8_t *icc_profile,
    size_t icc_profile_size,
    uint8_t **output,
    size_t *output_size,
    char message[NUKE_PNG_MESSAGE_SIZE]
) {
    if (!pixels || width <= 0 || height <= 0 || !output || !output_size || !message) return NUKE_PNG_BAD_ARGUMENT;
    if (channels != 1 && channels != 3 && channels != 4) return NUKE_PNG_BAD_ARGUMENT;
    message[0] = 0;
    nuke_png_error_state error = {message, NUKE_PNG_OK};
    nuke_png_buffer buffer = {NULL, 0, 0, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &error, nuke_png_error, nuke_png_warning);
    if (!png) return NUKE_PNG_ERROR;
    png_infop info = png_create_info_struct(png);
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        return NUKE_PNG_ERROR;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(buffer.bytes);
        return NUKE_PNG_ERROR;
    }
    png_set_write_fn(png, &buffer, nuke_png_write, nuke_png_flush);
    int color = channels == 1 ? PNG_COLOR_TYPE_GRAY
        : (channels == 3 || drop_alpha ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, color, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_compression_level(png, level < 0 ? 0 : (level > 9 ? 9 : level));
    if (icc_profile && icc_profile_size > 0 && icc_profile_size <= 0xFFFFFFFFu) {
        png_set_iCCP(png, info, "ICC profile", PNG_COMPRESSION_TYPE_BASE, icc_profile, (png_uint_32)icc_profile_size);
    }
    png_write_info(png, info);
    if (channels == 4 && drop_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (int y = 0; y < height; y++) {
        png_write_row(png, (png_const_bytep)(pixels + (size_t)y * stride));
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *output = buffer.bytes;
    *output_size = buffer.size;
    return NUKE_PNG_OK;
}

void nuke_png_free(void *pointer) {
    free(pointer);
}

uint32_t nuke_png_crc32(const uint8_t *bytes, size_t size) {
    uLong crc = crc32(0L, Z_NULL, 0);
    while (size > 0) {
        uInt step = size > UINT32_MAX ? UINT32_MAX : (uInt)size;
        crc = crc32(crc, bytes, step);
        bytes += step;
        size -= step;
    }
    return (uint32_t)crc;
}

int nuke_png_compress(const uint8_t *bytes, size_t size, uint8_t **output, size_t *output_size) {
    *output = NULL;
    *output_size = 0;
    if (size > UINT32_MAX) return NUKE_PNG_BAD_ARGUMENT;
    uLongf capacity = compressBound((uLong)size);
    uint8_t *buffer = malloc(capacity);
    if (buffer == NULL) return NUKE_PNG_BAD_ARGUMENT;
    if (compress2(buffer, &capacity, bytes, (uLong)size, Z_BEST_COMPRESSION) != Z_OK) {
        free(buffer);
        return NUKE_PNG_BAD_ARGUMENT;
    }
    *output = buffer;
    *output_size = capacity;
    return NUKE_PNG_OK;
}

const char *nuke_png_library_version(void) {
    return png_get_libpng_ver(NULL);
}
