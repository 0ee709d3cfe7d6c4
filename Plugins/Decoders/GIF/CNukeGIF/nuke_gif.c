// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#include "CNukeGIF.h"

#include <gif_lib.h>
#include <stdlib.h>
#include <string.h>

// MARK: Reading from memory

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t position;
} nuke_gif_source;

static int nuke_gif_read(GifFileType *gif, GifByteType *buffer, int length) {
    nuke_gif_source *source = (nuke_gif_source *)gif->UserData;
    if (length <= 0) return 0;
    size_t available = source->size - source->position;
    size_t count = (size_t)length < available ? (size_t)length : available;
    memcpy(buffer, source->data + source->position, count);
    source->position += count;
    return (int)count;
}

static void nuke_gif_message(char *message, const char *text) {
    if (message) {
        strncpy(message, text, NUKE_GIF_MESSAGE_SIZE - 1);
        message[NUKE_GIF_MESSAGE_SIZE - 1] = 0;
    }
}

static GifFileType *nuke_gif_open(nuke_gif_source *source, int *status, char *message) {
    int error = 0;
    if (source->size < 6 || memcmp(source->data, "GIF", 3) != 0) {
        *status = NUKE_GIF_NOT_GIF;
        nuke_gif_message(message, "not a GIF signature");
        return NULL;
    }
    GifFileType *gif = DGifOpen(source, nuke_gif_read, &error);
    if (!gif) {
        *status = (error == D_GIF_ERR_READ_FAILED || error == D_GIF_ERR_NO_SCRN_DSCR) ? NUKE_GIF_TRUNCATED : NUKE_GIF_ERROR;
        nuke_gif_message(message, GifErrorString(error) ? GifErrorString(error) : "cannot open the GIF");
        return NULL;
    }
    if (gif->SWidth <= 0 || gif->SHeight <= 0) {
        DGifCloseFile(gif, &error);
        *status = NUKE_GIF_ERROR;
        nuke_gif_message(message, "the logical screen has no pixels");
        return NULL;
    }
    *status = NUKE_GIF_OK;
    return gif;
}

/// Reads an extension's sub-blocks; reports a graphics control block and a NETSCAPE loop count.
static int nuke_gif_read_extension(GifFileType *gif, GraphicsControlBlock *gcb, int *has_gcb, int *loop_count) {
    int code = 0;
    GifByteType *block = NULL;
    if (DGifGetExtension(gif, &code, &block) != GIF_OK) return GIF_ERROR;
    int is_netscape = 0;
    if (code == GRAPHICS_EXT_FUNC_CODE && block && block[0] >= 4) {
        if (DGifExtensionToGCB(block[0], block + 1, gcb) == GIF_OK) *has_gcb = 1;
    } else if (code == APPLICATION_EXT_FUNC_CODE && block && block[0] == 11 &&
               (memcmp(block + 1, "NETSCAPE2.0", 11) == 0 || memcmp(block + 1, "ANIMEXTS1.0", 11) == 0)) {
        is_netscape = 1;
    }
    while (block) {
        if (DGifGetExtensionNext(gif, &block) != GIF_OK) return GIF_ERROR;
        if (block && is_netscape && block[0] >= 3 && block[1] == 1 && loop_count) {
            *loop_count = block[2] | (block[3] << 8);
            is_netscape = 0;
        }
    }
    return GIF_OK;
}

// MARK: Scan

int nuke_gif_scan(
    const uint8_t *data,
    size_t size,
    int max_frames,
    nuke_gif_info *info,
    int *delays,
    int delays_capacity,
    char message[NUKE_GIF_MESSAGE_SIZE]
) {
    if (!data || !info) return NUKE_GIF_BAD_ARGUMENT;
    memset(info, 0, sizeof(*info));
    info->loop_count = -1;
    nuke_gif_source source = {data, size, 0};
    int status = NUKE_GIF_OK;
    GifFileType *gif = nuke_gif_open(&source, &status, message);
    if (!gif) return status;
    info->width = gif->SWidth;
    info->height = gif->SHeight;

    GraphicsControlBlock gcb;
    int has_gcb = 0;
    int done = 0;
    status = NUKE_GIF_OK;
    while (!done) {
        GifRecordType type;
        if (DGifGetRecordType(gif, &type) != GIF_OK) { info->is_truncated = 1; break; }
        switch (type) {
        case IMAGE_DESC_RECORD_TYPE: {
            if (DGifGetImageDesc(gif) != GIF_OK) { info->is_truncated = 1; done = 1; break; }
            GifImageDesc desc = gif->Image;
            if (desc.Left < 0 || desc.Top < 0 || desc.Width <= 0 || desc.Height <= 0 ||
                desc.Left + desc.Width > gif->SWidth || desc.Top + desc.Height > gif->SHeight) {
                status = NUKE_GIF_OUTSIDE;
                nuke_gif_message(message, "a frame lies outside the logical screen");
                done = 1;
                break;
            }
            if (!desc.ColorMap && !gif->SColorMap) {
                status = NUKE_GIF_ERROR;
                nuke_gif_message(message, "a frame has no colour table");
                done = 1;
                break;
            }
            int code_size = 0;
            GifByteType *block = NULL;
            if (DGifGetCode(gif, &code_size, &block) != GIF_OK) { info->is_truncated = 1; done = 1; break; }
            int complete = 1;
            while (block) {
                if (DGifGetCodeNext(gif, &block) != GIF_OK) { complete = 0; break; }
            }
            if (!complete) { info->is_truncated = 1; done = 1; break; }
            if (info->frame_count >= max_frames) {
                status = NUKE_GIF_TOO_MANY;
                nuke_gif_message(message, "the animation has more frames than allowed");
                done = 1;
                break;
            }
            if (delays && info->frame_count < delays_capacity) delays[info->frame_count] = has_gcb ? gcb.DelayTime : 0;
            info->frame_count++;
            has_gcb = 0;
            break;
        }
        case EXTENSION_RECORD_TYPE:
            if (nuke_gif_read_extension(gif, &gcb, &has_gcb, &info->loop_count) != GIF_OK) { info->is_truncated = 1; done = 1; }
            break;
        case TERMINATE_RECORD_TYPE:
            done = 1;
            break;
        default:
            info->is_truncated = 1;
            done = 1;
            break;
        }
    }
    int error = 0;
    DGifCloseFile(gif, &error);
    if (status != NUKE_GIF_OK) return status;
    if (info->frame_count == 0) {
        nuke_gif_message(message, "no complete frame");
        return NUKE_GIF_TRUNCATED;
    }
    return NUKE_GIF_OK;
}

// MARK: Cursor

struct nuke_gif_cursor {
    nuke_gif_source source;
    GifFileType *gif;
    uint8_t *canvas;          // RGBA, the logical screen
    uint8_t *saved;           // the canvas before a frame disposed to "previous"
    GifPixelType *line;
    int width, height;
    // The previous frame's disposal, applied before the next frame is drawn.
    int pending_disposal;
    GifImageDesc pending_rect;
    int finished;
};

int nuke_gif_cursor_open(const uint8_t *data, size_t size, nuke_gif_cursor **out, char message[NUKE_GIF_MESSAGE_SIZE]) {
    if (!data || !out) return NUKE_GIF_BAD_ARGUMENT;
    nuke_gif_cursor *cursor = calloc(1, sizeof(nuke_gif_cursor));
    if (!cursor) return NUKE_GIF_ERROR;
    cursor->source = (nuke_gif_source){data, size, 0};
    int status = NUKE_GIF_OK;
    cursor->gif = nuke_gif_open(&cursor->source, &status, message);
    if (!cursor->gif) {
        free(cursor);
        return status;
    }
    cursor->width = cursor->gif->SWidth;
    cursor->height = cursor->gif->SHeight;
    size_t bytes = (size_t)cursor->width * (size_t)cursor->height * 4;
    cursor->canvas = calloc(1, bytes);  // Transparent, as browsers start.
    cursor->line = malloc((size_t)cursor->width);
    if (!cursor->canvas || !cursor->line) {
        nuke_gif_cursor_close(cursor);
        return NUKE_GIF_ERROR;
    }
    *out = cursor;
    return NUKE_GIF_OK;
}

static void nuke_gif_clear(nuke_gif_cursor *cursor, GifImageDesc rect) {
    for (int y = rect.Top; y < rect.Top + rect.Height; y++) {
        memset(cursor->canvas + ((size_t)y * cursor->width + rect.Left) * 4, 0, (size_t)rect.Width * 4);
    }
}

static int nuke_gif_draw(nuke_gif_cursor *cursor, int transparent, char *message) {
    GifFileType *gif = cursor->gif;
    GifImageDesc desc = gif->Image;
    ColorMapObject *map = desc.ColorMap ? desc.ColorMap : gif->SColorMap;
    // Rows arrive in file order; interlaced images store rows 0, 8, …, then 4, 12, …, then 2, 6, …, then 1, 3, ….
    static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
    int passes = desc.Interlace ? 4 : 1;
    for (int pass = 0; pass < passes; pass++) {
        int start = desc.Interlace ? starts[pass] : 0, step = desc.Interlace ? steps[pass] : 1;
        for (int row = start; row < desc.Height; row += step) {
            if (DGifGetLine(gif, cursor->line, desc.Width) != GIF_OK) {
                nuke_gif_message(message, "the frame data ends early or is damaged");
                return NUKE_GIF_ERROR;
            }
            uint8_t *target = cursor->canvas + ((size_t)(desc.Top + row) * cursor->width + desc.Left) * 4;
            for (int x = 0; x < desc.Width; x++) {
                int index = cursor->line[x];
                if (index == transparent || !map || index >= map->ColorCount) continue;
                GifColorType color = map->Colors[index];
                target[4 * x] = color.Red;
                target[4 * x + 1] = color.Green;
                target[4 * x + 2] = color.Blue;
                target[4 * x + 3] = 255;
            }
        }
    }
    return NUKE_GIF_OK;
}

int nuke_gif_cursor_next(nuke_gif_cursor *cursor, uint8_t *output, size_t output_size, char message[NUKE_GIF_MESSAGE_SIZE]) {
    if (!cursor || !output) return NUKE_GIF_BAD_ARGUMENT;
    size_t bytes = (size_t)cursor->width * (size_t)cursor->height * 4;
    if (output_size != bytes) return NUKE_GIF_BAD_ARGUMENT;
    if (cursor->finished) return NUKE_GIF_END;
    GifFileType *gif = cursor->gif;
    GraphicsControlBlock gcb;
    int has_gcb = 0;
    for (;;) {
        GifRecordType type;
        if (DGifGetRecordType(gif, &type) != GIF_OK) { cursor->finished = 1; return NUKE_GIF_END; }
        if (type == EXTENSION_RECORD_TYPE) {
            if (nuke_gif_read_extension(gif, &gcb, &has_gcb, NULL) != GIF_OK) { cursor->finished = 1; return NUKE_GIF_END; }
            continue;
        }
        if (type != IMAGE_DESC_RECORD_TYPE) { cursor->finished = 1; return NUKE_GIF_END; }
        if (DGifGetImageDesc(gif) != GIF_OK) { cursor->finished = 1; return NUKE_GIF_END; }
        GifImageDesc desc = gif->Image;
        if (desc.Left < 0 || desc.Top < 0 || desc.Width <= 0 || desc.Height <= 0 ||
            desc.Left + desc.Width > cursor->width || desc.Top + desc.Height > cursor->height) {
            nuke_gif_message(message, "a frame lies outside the logical screen");
            return NUKE_GIF_OUTSIDE;
        }
        // The previous frame leaves the canvas as its disposal says.
        if (cursor->pending_disposal == DISPOSE_BACKGROUND) nuke_gif_clear(cursor, cursor->pending_rect);
        if (cursor->pending_disposal == DISPOSE_PREVIOUS && cursor->saved) memcpy(cursor->canvas, cursor->saved, bytes);
        int disposal = has_gcb ? gcb.DisposalMode : DISPOSAL_UNSPECIFIED;
        if (disposal == DISPOSE_PREVIOUS) {
            if (!cursor->saved) cursor->saved = malloc(bytes);
            if (!cursor->saved) return NUKE_GIF_ERROR;
            memcpy(cursor->saved, cursor->canvas, bytes);
        }
        int status = nuke_gif_draw(cursor, has_gcb ? gcb.TransparentColor : NO_TRANSPARENT_COLOR, message);
        if (status != NUKE_GIF_OK) {
            // A frame cut short ends the animation; the frames before it stand.
            cursor->finished = 1;
            return NUKE_GIF_END;
        }
        cursor->pending_disposal = disposal;
        cursor->pending_rect = desc;
        memcpy(output, cursor->canvas, bytes);
        return NUKE_GIF_OK;
    }
}

void nuke_gif_cursor_close(nuke_gif_cursor *cursor) {
    if (!cursor) return;
    int error = 0;
    if (cursor->gif) DGifCloseFile(cursor->gif, &error);
    free(cursor->canvas);
    free(cursor->saved);
    free(cursor->line);
    free(cursor);
}

#define NUKE_STRINGIFY_VALUE(x) #x
#define NUKE_STRINGIFY(x) NUKE_STRINGIFY_VALUE(x)

const char *nuke_gif_library_version(void) {
    return NUKE_STRINGIFY(GIFLIB_MAJOR) "." NUKE_STRINGIFY(GIFLIB_MINOR) "." NUKE_STRINGIFY(GIFLIB_RELEASE);
}
