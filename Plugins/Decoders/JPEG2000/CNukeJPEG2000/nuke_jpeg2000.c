// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#include "nuke_jpeg2000.h"

#include <openjpeg.h>
#include <stdio.h>
#include <string.h>

static void on_error(const char *message, void *user_data) {
    nuke_jp2_file *file = user_data;
    if (file->message[0] == 0) {
        snprintf(file->message, sizeof file->message, "%s", message);
        size_t length = strlen(file->message);
        if (length > 0 && file->message[length - 1] == '\n') file->message[length - 1] = 0;
    }
}

static void on_other(const char *message, void *user_data) {
    (void)message;
    (void)user_data;
}

static OPJ_SIZE_T read_bytes(void *buffer, OPJ_SIZE_T count, void *user_data) {
    nuke_jp2_file *file = user_data;
    if (file->offset >= file->size) return (OPJ_SIZE_T)-1;  // OpenJPEG's end of stream
    size_t available = file->size - file->offset;
    size_t length = count < available ? count : available;
    memcpy(buffer, file->data + file->offset, length);
    file->offset += length;
    return length;
}

static OPJ_OFF_T skip_bytes(OPJ_OFF_T count, void *user_data) {
    nuke_jp2_file *file = user_data;
    if (count < 0) {
        if ((size_t)(-count) > file->offset) return -1;
    } else if ((size_t)count > file->size - (file->offset < file->size ? file->offset : file->size)) {
        count = (OPJ_OFF_T)(file->size - (file->offset < file->size ? file->offset : file->size));
    }
    file->offset += count;
    return count;
}

static OPJ_BOOL seek_to(OPJ_OFF_T position, void *user_data) {
    nuke_jp2_file *file = user_data;
    if (position < 0 || (uint64_t)position > file->size) return OPJ_FALSE;
    file->offset = (size_t)position;
    return OPJ_TRUE;
}

int nuke_jp2_open(nuke_jp2_file *file, const uint8_t *data, size_t size) {
    memset(file, 0, sizeof *file);
    file->data = data;
    file->size = size;
    static const uint8_t jp2[] = {0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20, 0x0D, 0x0A, 0x87, 0x0A};
    static const uint8_t codestream[] = {0xFF, 0x4F, 0xFF, 0x51};
    OPJ_CODEC_FORMAT format;
    if (size >= sizeof jp2 && memcmp(data, jp2, sizeof jp2) == 0) {
        format = OPJ_CODEC_JP2;
    } else if (size >= sizeof codestream && memcmp(data, codestream, sizeof codestream) == 0) {
        format = OPJ_CODEC_J2K;
    } else {
        return NUKE_JP2_NOT_JPEG2000;
    }
    opj_codec_t *codec = opj_create_decompress(format);
    opj_stream_t *stream = opj_stream_create(64 * 1024, OPJ_TRUE);
    if (codec == NULL || stream == NULL) {
        if (codec != NULL) opj_destroy_codec(codec);
        if (stream != NULL) opj_stream_destroy(stream);
        snprintf(file->message, sizeof file->message, "out of memory");
        return NUKE_JP2_ERROR;
    }
    file->codec = codec;
    file->stream = stream;
    opj_set_error_handler(codec, on_error, file);
    opj_set_warning_handler(codec, on_other, file);
    opj_set_info_handler(codec, on_other, file);
    opj_stream_set_read_function(stream, read_bytes);
    opj_stream_set_skip_function(stream, skip_bytes);
    opj_stream_set_seek_function(stream, seek_to);
    opj_stream_set_user_data(stream, file, NULL);
    opj_stream_set_user_data_length(stream, size);
    opj_dparameters_t parameters;
    opj_set_default_decoder_parameters(&parameters);
    opj_image_t *image = NULL;
    if (!opj_setup_decoder(codec, &parameters) || !opj_read_header(stream, codec, &image) || image == NULL) {
        if (image != NULL) opj_image_destroy(image);
        if (file->message[0] == 0) snprintf(file->message, sizeof file->message, "OpenJPEG could not read the header");
        nuke_jp2_close(file);
        return NUKE_JP2_ERROR;
    }
    file->image = image;
    if (image->x1 <= image->x0 || image->y1 <= image->y0 || image->numcomps == 0) {
        snprintf(file->message, sizeof file->message, "the image has no pixels");
        nuke_jp2_close(file);
        return NUKE_JP2_ERROR;
    }
    file->width = image->x1 - image->x0;
    file->height = image->y1 - image->y0;
    file->components = image->numcomps;
    file->resolutions = 1;
    opj_codestream_info_v2_t *info = opj_get_cstr_info(codec);
    if (info != NULL) {
        if (info->m_default_tile_info.tccp_info != NULL) {
            file->resolutions = info->m_default_tile_info.tccp_info[0].numresolutions;
        }
        opj_destroy_cstr_info(&info);
    }
    return NUKE_JP2_OK;
}

int nuke_jp2_decode(nuke_jp2_file *file, uint32_t reduce, uint32_t *width, uint32_t *height) {
    opj_codec_t *codec = file->codec;
    opj_image_t *image = file->image;
    if (reduce > 0 && !opj_set_decoded_resolution_factor(codec, reduce)) {
        snprintf(file->message, sizeof file->message, "cannot drop %u resolution levels", reduce);
        return NUKE_JP2_ERROR;
    }
    if (!opj_decode(codec, file->stream, image) || !opj_end_decompress(codec, file->stream)) {
        if (file->message[0] == 0) snprintf(file->message, sizeof file->message, "OpenJPEG could not decode the image");
        return NUKE_JP2_ERROR;
    }
    for (uint32_t index = 0; index < image->numcomps; index++) {
        if (image->comps[index].data == NULL) {
            snprintf(file->message, sizeof file->message, "component %u was not decoded", index);
            return NUKE_JP2_ERROR;
        }
    }
    if (image->icc_profile_buf != NULL && image->icc_profile_len > 0) {
        file->icc_profile = image->icc_profile_buf;
        file->icc_profile_size = image->icc_profile_len;
    }
    *width = image->comps[0].w;
    *height = image->comps[0].h;
    return *width > 0 && *height > 0 ? NUKE_JP2_OK : NUKE_JP2_ERROR;
}

// A component's sample at the first component's (x, y), scaled to 8 bits as Pillow scales it.
static inline int sample(const opj_image_comp_t *component, const opj_image_comp_t *first, uint32_t x, uint32_t y) {
    uint32_t cx = component->dx > first->dx ? x * first->dx / component->dx : x;
    uint32_t cy = component->dy > first->dy ? y * first->dy / component->dy : y;
    if (cx >= component->w) cx = component->w - 1;
    if (cy >= component->h) cy = component->h - 1;
    int value = component->data[(size_t)cy * component->w + cx];
    int precision = (int)component->prec;
    if (component->sgnd) value += 1 << (precision - 1);
    int maximum = (1 << precision) - 1;
    value = value < 0 ? 0 : value > maximum ? maximum : value;
    return precision > 8 ? value >> (precision - 8) : value << (8 - precision);
}

static inline uint8_t clamp(int value) { return value < 0 ? 0 : value > 255 ? 255 : (uint8_t)value; }

int nuke_jp2_copy_rgba(nuke_jp2_file *file, uint8_t *pixels) {
    opj_image_t *image = file->image;
    uint32_t count = image->numcomps;
    if (count > 4 || image->color_space == OPJ_CLRSPC_CMYK || image->color_space == OPJ_CLRSPC_EYCC) {
        snprintf(file->message, sizeof file->message, "%u components in colour space %d", count, image->color_space);
        return NUKE_JP2_UNSUPPORTED;
    }
    for (uint32_t index = 0; index < count; index++) {
        uint32_t precision = image->comps[index].prec;
        if (precision < 1 || precision > 16) {
            snprintf(file->message, sizeof file->message, "a precision of %u bits", precision);
            return NUKE_JP2_UNSUPPORTED;
        }
    }
    const opj_image_comp_t *c = image->comps;
    int isYCC = image->color_space == OPJ_CLRSPC_SYCC && count >= 3;
    uint32_t width = c[0].w, height = c[0].h;
    for (uint32_t y = 0; y < height; y++) {
        uint8_t *row = pixels + (size_t)y * width * 4;
        for (uint32_t x = 0; x < width; x++) {
            uint8_t *pixel = row + (size_t)x * 4;
            int first = sample(&c[0], &c[0], x, y);
            if (count <= 2) {
                pixel[0] = pixel[1] = pixel[2] = (uint8_t)first;
                pixel[3] = count == 2 ? (uint8_t)sample(&c[1], &c[0], x, y) : 255;
                continue;
            }
            int second = sample(&c[1], &c[0], x, y), third = sample(&c[2], &c[0], x, y);
            if (isYCC) {
                int cb = second - 128, cr = third - 128;
                pixel[0] = clamp(first + ((91881 * cr + 32768) >> 16));
                pixel[1] = clamp(first - ((22554 * cb + 46802 * cr + 32768) >> 16));
                pixel[2] = clamp(first + ((116130 * cb + 32768) >> 16));
            } else {
                pixel[0] = (uint8_t)first;
                pixel[1] = (uint8_t)second;
                pixel[2] = (uint8_t)third;
            }
            pixel[3] = count == 4 ? (uint8_t)sample(&c[3], &c[0], x, y) : 255;
        }
    }
    return NUKE_JP2_OK;
}

void nuke_jp2_close(nuke_jp2_file *file) {
    if (file->image != NULL) opj_image_destroy(file->image);
    if (file->stream != NULL) opj_stream_destroy(file->stream);
    if (file->codec != NULL) opj_destroy_codec(file->codec);
    file->image = file->stream = file->codec = NULL;
    file->icc_profile = NULL;
    file->icc_profile_size = 0;
}
