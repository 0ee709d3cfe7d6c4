// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The C side of NukeGIF: a scan of a GIF's records (canvas, frames, delays, loop count) and a
// cursor that composites frames one after another onto the logical screen, so an animation of any
// length costs one or two canvases of memory, not all its frames.
#ifndef CNUKEGIF_H
#define CNUKEGIF_H

#include <stddef.h>
#include <stdint.h>

#define NUKE_GIF_OK 0
#define NUKE_GIF_ERROR 1        // corrupt data; see the message
#define NUKE_GIF_TRUNCATED 2    // no complete frame
#define NUKE_GIF_NOT_GIF 3
#define NUKE_GIF_OUTSIDE 4      // a frame lies outside the logical screen
#define NUKE_GIF_TOO_MANY 5     // more frames than allowed
#define NUKE_GIF_BAD_ARGUMENT 6
#define NUKE_GIF_END 7          // no more frames

#define NUKE_GIF_MESSAGE_SIZE 200

typedef struct {
    int width;             // the logical screen
    int height;
    int frame_count;       // frames whose data is complete
    int loop_count;        // NETSCAPE2.0 repetitions (0 = for ever), -1 when absent
    int is_truncated;      // the data ended before the trailer
} nuke_gif_info;

typedef struct nuke_gif_cursor nuke_gif_cursor;

/// Scans `data`, filling `info` and, if `delays` is not NULL, up to `delays_capacity` frame delays
/// in centiseconds (as stored). Fails with NUKE_GIF_TOO_MANY beyond `max_frames`.
int nuke_gif_scan(
    const uint8_t *data,
    size_t size,
    int max_frames,
    nuke_gif_info *info,
    int *delays,
    int delays_capacity,
    char message[NUKE_GIF_MESSAGE_SIZE]
);

/// Opens a cursor at the first frame. `data` must stay valid until nuke_gif_cursor_close.
int nuke_gif_cursor_open(const uint8_t *data, size_t size, nuke_gif_cursor **cursor, char message[NUKE_GIF_MESSAGE_SIZE]);

/// Composites the next frame and copies the whole canvas (RGBA, straight alpha, width × 4 bytes
/// per row) into `output`. Returns NUKE_GIF_END after the last complete frame.
int nuke_gif_cursor_next(nuke_gif_cursor *cursor, uint8_t *output, size_t output_size, char message[NUKE_GIF_MESSAGE_SIZE]);

/// Releases a cursor.
void nuke_gif_cursor_close(nuke_gif_cursor *cursor);

// MARK: Writing

typedef struct nuke_gif_writer nuke_gif_writer;

/// Starts a GIF89a of `width × height` (no global colour table) that plays `loop_count` times
/// (0: for ever; 1: once, without a NETSCAPE2.0 extension).
int nuke_gif_writer_open(int width, int height, int loop_count, nuke_gif_writer **writer, char message[NUKE_GIF_MESSAGE_SIZE]);

/// Adds a frame: `indices` (`width × height`, rows without padding) at `left, top` on the screen,
/// with its own colour table of `palette_count` RGB colours (1…256), `transparent` the index
/// drawn as transparent or -1, the delay in centiseconds and the disposal method (0–3).
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
);

/// Ends the file: `*output` (release with nuke_gif_free) holds its `*size` bytes. Close the writer
/// afterwards all the same.
int nuke_gif_writer_finish(nuke_gif_writer *writer, uint8_t **output, size_t *size, char message[NUKE_GIF_MESSAGE_SIZE]);

/// Releases a writer, finished or not.
void nuke_gif_writer_close(nuke_gif_writer *writer);

/// Releases what nuke_gif_writer_finish returned.
void nuke_gif_free(void *pointer);

/// At most `max_colors` (2…256) colours for `count` RGB pixels (3 bytes each), by giflib's
/// median cut (GifQuantizeBuffer): `palette` receives `*palette_count` colours.
int nuke_gif_quantize(
    const uint8_t *rgb,
    size_t count,
    int max_colors,
    uint8_t palette[768],
    int *palette_count,
    char message[NUKE_GIF_MESSAGE_SIZE]
);

/// The version of giflib this was built against, such as "5.2.1".
const char *nuke_gif_library_version(void);

#endif
