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

/// The version of giflib this was built against, such as "5.2.1".
const char *nuke_gif_library_version(void);

#endif
