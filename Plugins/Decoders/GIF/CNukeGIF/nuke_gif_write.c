// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#include "CNukeGIF.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

// MARK: Writing to memory

struct nuke_gif_writer {
    GifFileType *gif;
    uint8_t *bytes;
    size_t size;
    size_t capacity;
    int failed;  // out of memory while writing
};

static int nuke_gif_write(GifFileType *gif, const GifByteType *buffer, int length) {
    nuke_gif_writer *writer = (nuke_gif_writer *)gif->UserData;
    if (length <= 0) return 0;
    if (writer->size + (size_t)length > writer->capacity) {
        size_t capacity = writer->capacity ? writer->capacity : 4096;
        while (capacity < writer->size + (size_t)length) capacity *= 2;
        uint8_t *grown = realloc(writer->bytes, capacity);
        if (!grown) {
            writer->failed = 1;
            return 0;
        }
        writer->bytes = grown;
        writer->capacity = capacity;
    }
    memcpy(writer->bytes + writer->size, buffer, (size_t)length);
    writer->size += (size_t)length;
    return length;
}

static int nuke_gif_fail(GifFileType *gif, const char *fallback, char *message) {
    const char *text = gif && gif->Error ? GifErrorString(gif->Error) : NULL;
    strncpy(message, text ? text : fallback, NUKE_GIF_MESSAGE_SIZE - 1);
    message[NUKE_GIF_MESSAGE_SIZE - 1] = 0;
    return NUKE_GIF_ERROR;
}

int nuke_gif_writer_open(int width, int height, int loop_count, nuke_gif_writer **out, char message[NUKE_GIF_MESSAGE_SIZE]) {
    if (!out || width <= 0 || height <= 0 || width > 65535 || height > 65535 || loop_count < 0) {
        strncpy(message, "a GIF is 1 to 65,535 pixels a side", NUKE_GIF_MESSAGE_SIZE - 1);
        return NUKE_GIF_BAD_ARGUMENT;
    }
    nuke_gif_writer *writer = calloc(1, sizeof(nuke_gif_writer));
    if (!writer) return nuke_gif_fail(NULL, "out of memory", message);
    int error = 0;
    writer->gif = EGifOpen(writer, nuke_gif_write, &error);
    if (!writer->gif) {
        free(writer);
        strncpy(message, GifErrorString(error) ? GifErrorString(error) : "cannot start a GIF", NUKE_GIF_MESSAGE_SIZE - 1);
        return NUKE_GIF_ERROR;
    }
    EGifSetGifVersion(writer->gif, true);
    if (EGifPutScreenDesc(writer->gif, width, height, 8, 0, NULL) == GIF_ERROR) {
        nuke_gif_fail(writer->gif, "cannot write the screen descriptor", message);
        nuke_gif_writer_close(writer);
        return NUKE_GIF_ERROR;
    }
    // Plays `loop_count` times: NETSCAPE2.0 stores the repetitions after the first play (0: for
    // ever); a GIF that plays once has no such extension.
    if (loop_count != 1) {
        int repetitions = loop_count == 0 ? 0 : (loop_count - 1 > 65535 ? 65535 : loop_count - 1);
        GifByteType loop[3] = {1, (GifByteType)(repetitions & 0xFF), (GifByteType)(repetitions >> 8)};
        if (EGifPutExtensionLeader(writer->gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
            EGifPutExtensionBlock(writer->gif, 11, "NETSCAPE2.0") == GIF_ERROR ||
            EGifPutExtensionBlock(writer->gif, 3, loop) == GIF_ERROR || EGifPutExtensionTrailer(writer->gif) == GIF_ERROR) {
            nuke_gif_fail(writer->gif, "cannot write the loop count", message);
            nuke_gif_writer_close(writer);
            return NUKE_GIF_ERROR;
        }
    }
    *out = writer;
    return NUKE_GIF_OK;
}

int nuke_gif_writer_add(
    nuke_gif_writer *writer,
    const uint8_t *indices,
    int left,
    int top,
    int width,
    int height,
    const uint8_t *palette,
    int palette_count,
    int transparent,
    int delay_centiseconds,
    int disposal,
    char message[NUKE_GIF_MESSAGE_SIZE]
) {
    if (!writer || !writer->gif || !indices || !palette || width <= 0 || height <= 0 || left < 0 || top < 0 ||
        left + width > writer->gif->SWidth || top + height > writer->gif->SHeight || palette_count < 1 ||
        palette_count > 256 || transparent >= palette_count || disposal < 0 || disposal > 3) {
        strncpy(message, "a frame outside the screen, or a bad palette", NUKE_GIF_MESSAGE_SIZE - 1);
        return NUKE_GIF_BAD_ARGUMENT;
    }
    GraphicsControlBlock control = {
        .DisposalMode = disposal,
        .UserInputFlag = false,
        .DelayTime = delay_centiseconds < 0 ? 0 : (delay_centiseconds > 65535 ? 65535 : delay_centiseconds),
        .TransparentColor = transparent < 0 ? NO_TRANSPARENT_COLOR : transparent,
    };
    GifByteType extension[4];
    EGifGCBToExtension(&control, extension);
    if (EGifPutExtension(writer->gif, GRAPHICS_EXT_FUNC_CODE, 4, extension) == GIF_ERROR) {
        return nuke_gif_fail(writer->gif, "cannot write the frame's control block", message);
    }
    // A colour table's size is a power of two, at least 2.
    int size = 2;
    while (size < palette_count) size *= 2;
    ColorMapObject *colors = GifMakeMapObject(size, NULL);
    if (!colors) return nuke_gif_fail(NULL, "out of memory", message);
    for (int index = 0; index < size; index++) {
        int from = index < palette_count ? index : 0;
        colors->Colors[index] = (GifColorType){palette[3 * from], palette[3 * from + 1], palette[3 * from + 2]};
    }
    int status = EGifPutImageDesc(writer->gif, left, top, width, height, false, colors);
    GifFreeMapObject(colors);
    if (status == GIF_ERROR) return nuke_gif_fail(writer->gif, "cannot write the frame's descriptor", message);
    for (int row = 0; row < height; row++) {
        if (EGifPutLine(writer->gif, (GifPixelType *)indices + (size_t)row * (size_t)width, width) == GIF_ERROR) {
            return nuke_gif_fail(writer->gif, "cannot write the frame's pixels", message);
        }
    }
    if (writer->failed) return nuke_gif_fail(NULL, "out of memory", message);
    return NUKE_GIF_OK;
}

int nuke_gif_writer_finish(nuke_gif_writer *writer, uint8_t **output, size_t *size, char message[NUKE_GIF_MESSAGE_SIZE]) {
    if (!writer || !writer->gif || !output || !size) return NUKE_GIF_BAD_ARGUMENT;
    int error = 0;
    int status = EGifCloseFile(writer->gif, &error);  // Writes the trailer; frees the file either way.
    writer->gif = NULL;
    if (status == GIF_ERROR || writer->failed) {
        strncpy(message, writer->failed ? "out of memory" : GifErrorString(error), NUKE_GIF_MESSAGE_SIZE - 1);
        return NUKE_GIF_ERROR;
    }
    *output = writer->bytes;
    *size = writer->size;
    writer->bytes = NULL;
    return NUKE_GIF_OK;
}

void nuke_gif_writer_close(nuke_gif_writer *writer) {
    if (!writer) return;
    if (writer->gif) {
        int error = 0;
        EGifCloseFile(writer->gif, &error);
    }
    free(writer->bytes);
    free(writer);
}

void nuke_gif_free(void *pointer) {
    free(pointer);
}

// MARK: Palettes

int nuke_gif_quantize(
    const uint8_t *rgb,
    size_t count,
    int max_colors,
    uint8_t palette[768],
    int *palette_count,
    char message[NUKE_GIF_MESSAGE_SIZE]
) {
    if (!rgb || count == 0 || count > 0x7FFFFFFF || max_colors < 2 || max_colors > 256 || !palette || !palette_count) {
        strncpy(message, "nothing to quantize", NUKE_GIF_MESSAGE_SIZE - 1);
        return NUKE_GIF_BAD_ARGUMENT;
    }
    GifByteType *planes = malloc(count * 4);  // red, green, blue, and giflib's output indices
    GifColorType *colors = malloc(sizeof(GifColorType) * 256);
    if (!planes || !colors) {
        free(planes);
        free(colors);
        return nuke_gif_fail(NULL, "out of memory", message);
    }
    for (size_t index = 0; index < count; index++) {
        planes[index] = rgb[3 * index];
        planes[count + index] = rgb[3 * index + 1];
        planes[2 * count + index] = rgb[3 * index + 2];
    }
    int size = max_colors;
    int status = GifQuantizeBuffer((unsigned)count, 1, &size, planes, planes + count, planes + 2 * count,
                                   planes + 3 * count, colors);
    if (status == GIF_OK) {
        for (int index = 0; index < size && index < max_colors; index++) {
            palette[3 * index] = colors[index].Red;
            palette[3 * index + 1] = colors[index].Green;
            palette[3 * index + 2] = colors[index].Blue;
        }
        *palette_count = size < max_colors ? size : max_colors;
    }
    free(planes);
    free(colors);
    if (status != GIF_OK) return nuke_gif_fail(NULL, "giflib could not quantize the colours", message);
    return NUKE_GIF_OK;
}
