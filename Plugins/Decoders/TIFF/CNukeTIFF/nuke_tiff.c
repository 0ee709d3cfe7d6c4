// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#include "nuke_tiff.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

static void keep_message(nuke_tiff_file *file, const char *text) {
    if (file->message[0] == 0) snprintf(file->message, sizeof file->message, "%s", text);
}

// libtiff's errors: the first is kept, none is printed (returning 1 stops the global handlers).
static int on_error(TIFF *tiff, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tiff;
    (void)module;
    nuke_tiff_file *file = user_data;
    if (file->message[0] == 0) vsnprintf(file->message, sizeof file->message, format, arguments);
    return 1;
}

static int on_warning(TIFF *tiff, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tiff;
    (void)user_data;
    (void)module;
    (void)format;
    (void)arguments;
    return 1;
}

// Reading and seeking in bytes held in memory, for the reader's and the writer's procedures.
static tmsize_t read_from(const uint8_t *data, size_t size, size_t *offset, void *buffer, tmsize_t count) {
    if (count <= 0 || *offset >= size) return 0;
    size_t available = size - *offset;
    size_t length = (size_t)count < available ? (size_t)count : available;
    memcpy(buffer, data + *offset, length);
    *offset += length;
    return (tmsize_t)length;
}

static toff_t seek_in(size_t size, size_t *position, toff_t offset, int whence) {
    uint64_t base = whence == SEEK_CUR ? *position : whence == SEEK_END ? size : 0;
    // toff_t is unsigned: a negative offset arrives as its two's complement, and wraps back.
    uint64_t target = base + offset;
    if (target > (uint64_t)SIZE_MAX) return (toff_t)-1;
    *position = (size_t)target;  // past the end, reads give nothing
    return target;
}

static tmsize_t read_bytes(thandle_t handle, void *buffer, tmsize_t count) {
    nuke_tiff_file *file = (nuke_tiff_file *)handle;
    return read_from(file->data, file->size, &file->offset, buffer, count);
}

static tmsize_t write_bytes(thandle_t handle, void *buffer, tmsize_t count) {
    (void)handle;
    (void)buffer;
    (void)count;
    return 0;
}

static toff_t seek(thandle_t handle, toff_t offset, int whence) {
    nuke_tiff_file *file = (nuke_tiff_file *)handle;
    return seek_in(file->size, &file->offset, offset, whence);
}

static int close_file(thandle_t handle) {
    (void)handle;
    return 0;
}

static toff_t file_size(thandle_t handle) { return ((nuke_tiff_file *)handle)->size; }

static int map_file(thandle_t handle, void **base, toff_t *size) {
    (void)handle;
    (void)base;
    (void)size;
    return 0;
}

static void unmap_file(thandle_t handle, void *base, toff_t size) {
    (void)handle;
    (void)base;
    (void)size;
}

int nuke_tiff_open(nuke_tiff_file *file, const uint8_t *data, size_t size, int64_t max_allocation) {
    memset(file, 0, sizeof *file);
    file->data = data;
    file->size = size;
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) return NUKE_TIFF_NO_MEMORY;
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, max_allocation);
    TIFFOpenOptionsSetErrorHandlerExtR(options, on_error, file);
    TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, file);
    // "m": no memory mapping; the client procedures read from `data`.
    TIFF *tiff = TIFFClientOpenExt("nuke", "rm", (thandle_t)file, read_bytes, write_bytes, seek, close_file,
                                   file_size, map_file, unmap_file, options);
    TIFFOpenOptionsFree(options);
    if (tiff == NULL) {
        keep_message(file, "libtiff could not read the header");
        return NUKE_TIFF_ERROR;
    }
    file->tiff = tiff;
    uint32_t width = 0, height = 0;
    if (!TIFFGetField(tiff, TIFFTAG_IMAGEWIDTH, &width) || !TIFFGetField(tiff, TIFFTAG_IMAGELENGTH, &height) ||
        width == 0 || height == 0) {
        keep_message(file, "the first page has no pixels");
        nuke_tiff_close(file);
        return NUKE_TIFF_ERROR;
    }
    file->width = width;
    file->height = height;
    uint16_t orientation = ORIENTATION_TOPLEFT, samples = 1, bits = 1, photometric = PHOTOMETRIC_MINISBLACK;
    TIFFGetFieldDefaulted(tiff, TIFFTAG_ORIENTATION, &orientation);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_SAMPLESPERPIXEL, &samples);
    TIFFGetFieldDefaulted(tiff, TIFFTAG_BITSPERSAMPLE, &bits);
    TIFFGetField(tiff, TIFFTAG_PHOTOMETRIC, &photometric);
    file->orientation = orientation >= 1 && orientation <= 8 ? orientation : ORIENTATION_TOPLEFT;
    file->samples_per_pixel = samples;
    file->bits_per_sample = bits;
    file->photometric = photometric;
    uint16_t extra_count = 0;
    uint16_t *extra = NULL;
    if (TIFFGetField(tiff, TIFFTAG_EXTRASAMPLES, &extra_count, &extra) && extra_count > 0 && extra != NULL) {
        file->has_alpha = extra[0] == EXTRASAMPLE_ASSOCALPHA || extra[0] == EXTRASAMPLE_UNASSALPHA;
        file->is_associated_alpha = extra[0] == EXTRASAMPLE_ASSOCALPHA;
    } else if (photometric == PHOTOMETRIC_RGB && samples == 4) {
        // libtiff's RGBA reader takes a fourth sample nothing describes as premultiplied alpha.
        file->has_alpha = 1;
        file->is_associated_alpha = 1;
    }
    uint32_t profile_size = 0;
    void *profile = NULL;
    if (TIFFGetField(tiff, TIFFTAG_ICCPROFILE, &profile_size, &profile) && profile != NULL && profile_size > 0) {
        file->icc_profile = profile;
        file->icc_profile_size = profile_size;
    }
    return NUKE_TIFF_OK;
}

int nuke_tiff_read_rgba(nuke_tiff_file *file, uint8_t *pixels, uint64_t max_pixels) {
    TIFF *tiff = file->tiff;
    if ((uint64_t)file->width * file->height > max_pixels) return NUKE_TIFF_TOO_LARGE;
    if (file->has_alpha && !file->is_associated_alpha) {
        // Read as associated, libtiff leaves the colours as stored (straight) instead of
        // premultiplying them, which would lose what faint pixels hold.
        uint16_t extra_count = 0;
        uint16_t *extra = NULL;
        if (TIFFGetField(tiff, TIFFTAG_EXTRASAMPLES, &extra_count, &extra) && extra_count > 0 && extra_count <= 16) {
            uint16_t associated[16];
            memcpy(associated, extra, extra_count * sizeof *extra);
            associated[0] = EXTRASAMPLE_ASSOCALPHA;
            TIFFSetField(tiff, TIFFTAG_EXTRASAMPLES, extra_count, associated);
        }
    }
    char reason[1024] = {0};
    if (!TIFFRGBAImageOK(tiff, reason)) {
        keep_message(file, reason);
        return NUKE_TIFF_UNSUPPORTED;
    }
    TIFFRGBAImage image;
    if (!TIFFRGBAImageBegin(&image, tiff, 1, reason)) {
        keep_message(file, reason);
        return NUKE_TIFF_ERROR;
    }
    // Asking for the file's own orientation flips nothing: rows come out as stored, top first,
    // and the Swift side turns them upright (libtiff's reader cannot turn by a quarter).
    image.req_orientation = image.orientation;
    int ok = TIFFRGBAImageGet(&image, (uint32_t *)pixels, file->width, file->height);
    TIFFRGBAImageEnd(&image);
    if (!ok) {
        keep_message(file, "libtiff could not read the pixels");
        return NUKE_TIFF_ERROR;
    }
    return NUKE_TIFF_OK;
}

void nuke_tiff_close(nuke_tiff_file *file) {
    if (file->tiff != NULL) TIFFClose((TIFF *)file->tiff);
    file->tiff = NULL;
    file->icc_profile = NULL;
    file->icc_profile_size = 0;
}

// Writing: libtiff writes, seeks back to patch offsets, and may read what it wrote, all in a
// buffer that grows as needed.

static int on_write_error(TIFF *tiff, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tiff;
    (void)module;
    nuke_tiff_output *output = user_data;
    if (output->message[0] == 0) vsnprintf(output->message, sizeof output->message, format, arguments);
    return 1;
}

static tmsize_t output_read(thandle_t handle, void *buffer, tmsize_t count) {
    nuke_tiff_output *output = (nuke_tiff_output *)handle;
    return read_from(output->data, output->size, &output->offset, buffer, count);
}

static tmsize_t output_write(thandle_t handle, void *buffer, tmsize_t count) {
    nuke_tiff_output *output = (nuke_tiff_output *)handle;
    if (count <= 0) return 0;
    size_t end = output->offset + (size_t)count;
    if (end < output->offset) return -1;
    if (end > output->capacity) {
        size_t capacity = output->capacity < 65536 ? 65536 : output->capacity;
        while (capacity < end) {
            if (capacity > SIZE_MAX / 2) return -1;
            capacity *= 2;
        }
        uint8_t *grown = realloc(output->data, capacity);
        if (grown == NULL) return -1;
        output->data = grown;
        output->capacity = capacity;
    }
    // A seek past the end leaves a gap: zeros, as in a file.
    if (output->offset > output->size) memset(output->data + output->size, 0, output->offset - output->size);
    memcpy(output->data + output->offset, buffer, (size_t)count);
    output->offset = end;
    if (end > output->size) output->size = end;
    return count;
}

static toff_t output_seek(thandle_t handle, toff_t offset, int whence) {
    nuke_tiff_output *output = (nuke_tiff_output *)handle;
    return seek_in(output->size, &output->offset, offset, whence);
}

static toff_t output_size(thandle_t handle) { return ((nuke_tiff_output *)handle)->size; }

int nuke_tiff_write(nuke_tiff_output *output, const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                    uint16_t source_channels, uint16_t channels, uint16_t compression, const uint8_t *icc,
                    uint32_t icc_size) {
    memset(output, 0, sizeof *output);
    if (channels > source_channels || (source_channels != 1 && source_channels != 4)) return NUKE_TIFF_UNSUPPORTED;
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) return NUKE_TIFF_NO_MEMORY;
    TIFFOpenOptionsSetErrorHandlerExtR(options, on_write_error, output);
    TIFFOpenOptionsSetWarningHandlerExtR(options, on_warning, output);
    TIFF *tiff = TIFFClientOpenExt("nuke", "wm", (thandle_t)output, output_read, output_write, output_seek,
                                   close_file, output_size, map_file, unmap_file, options);
    TIFFOpenOptionsFree(options);
    if (tiff == NULL) {
        nuke_tiff_free_output(output);
        return NUKE_TIFF_ERROR;
    }
    int ok = TIFFSetField(tiff, TIFFTAG_IMAGEWIDTH, width) && TIFFSetField(tiff, TIFFTAG_IMAGELENGTH, height) &&
             TIFFSetField(tiff, TIFFTAG_BITSPERSAMPLE, 8) && TIFFSetField(tiff, TIFFTAG_SAMPLESPERPIXEL, channels) &&
             TIFFSetField(tiff, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG) &&
             TIFFSetField(tiff, TIFFTAG_PHOTOMETRIC, channels == 1 ? PHOTOMETRIC_MINISBLACK : PHOTOMETRIC_RGB) &&
             TIFFSetField(tiff, TIFFTAG_ORIENTATION, ORIENTATION_TOPLEFT) &&
             TIFFSetField(tiff, TIFFTAG_COMPRESSION, compression) &&
             TIFFSetField(tiff, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize(tiff, 0)) &&
             TIFFSetField(tiff, TIFFTAG_RESOLUTIONUNIT, RESUNIT_INCH) &&
             TIFFSetField(tiff, TIFFTAG_XRESOLUTION, 72.0) && TIFFSetField(tiff, TIFFTAG_YRESOLUTION, 72.0);
    if (ok && compression != COMPRESSION_NONE) ok = TIFFSetField(tiff, TIFFTAG_PREDICTOR, PREDICTOR_HORIZONTAL);
    if (ok && channels == 4) {
        uint16_t alpha = EXTRASAMPLE_UNASSALPHA;
        ok = TIFFSetField(tiff, TIFFTAG_EXTRASAMPLES, 1, &alpha);
    }
    if (ok && icc != NULL && icc_size > 0) ok = TIFFSetField(tiff, TIFFTAG_ICCPROFILE, icc_size, icc);
    size_t row_bytes = (size_t)width * channels;
    uint8_t *row = ok ? malloc(row_bytes) : NULL;
    // TIFFWriteScanline may encode in place (the predictor differences the row), so each row is
    // copied first: the caller's pixels stay as they are.
    for (uint32_t y = 0; ok && row != NULL && y < height; y++) {
        const uint8_t *source = pixels + (size_t)y * stride;
        if (channels == source_channels) {
            memcpy(row, source, row_bytes);
        } else {
            for (uint32_t x = 0; x < width; x++) memcpy(row + (size_t)x * channels, source + (size_t)x * 4, channels);
        }
        ok = TIFFWriteScanline(tiff, row, y, 0) == 1;
    }
    if (row == NULL) ok = 0;
    free(row);
    ok = ok && TIFFWriteDirectory(tiff);
    TIFFClose(tiff);
    if (!ok) {
        if (output->message[0] == 0) snprintf(output->message, sizeof output->message, "libtiff could not write");
        char message[NUKE_TIFF_MESSAGE_SIZE];
        memcpy(message, output->message, sizeof message);
        nuke_tiff_free_output(output);
        memcpy(output->message, message, sizeof message);
        return NUKE_TIFF_ERROR;
    }
    return NUKE_TIFF_OK;
}

void nuke_tiff_free_output(nuke_tiff_output *output) {
    free(output->data);
    output->data = NULL;
    output->size = 0;
    output->capacity = 0;
    output->offset = 0;
}
