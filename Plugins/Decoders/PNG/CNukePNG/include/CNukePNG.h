// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The C side of NukePNG. libpng reports errors by longjmp; every setjmp and every libpng callback
// is in here, so no Swift frame is ever on the stack when libpng longjmps.
#ifndef CNUKEPNG_H
#define CNUKEPNG_H

#include <stddef.h>
#include <stdint.h>

#define NUKE_PNG_OK 0
#define NUKE_PNG_ERROR 1         // corrupt data (bad CRC, bad chunk, bad compressed data); see the message
#define NUKE_PNG_TRUNCATED 2     // the data ended before the image did
#define NUKE_PNG_TOO_LARGE 3     // width × height is over the limit (checked before allocating)
#define NUKE_PNG_NOT_PNG 4
#define NUKE_PNG_BAD_ARGUMENT 5

#define NUKE_PNG_MESSAGE_SIZE 200

typedef struct {
    int width;
    int height;
    int channels;          // 1 (gray) or 4 (RGBA)
    int is_interlaced;
    int is_complete;       // the whole image was decoded
    int completed_passes;  // Adam7 passes fully decoded (7 when complete; 0 or 1 otherwise for plain images)
    int completed_rows;    // rows of the current pass decoded
    uint8_t *pixels;       // width × channels bytes per row: the caller's buffer, or one to release with nuke_png_free
    uint8_t *icc_profile;  // the iCCP chunk's profile, decompressed (release with nuke_png_free), or NULL
    size_t icc_profile_size;
    uint8_t *exif;         // a complete image's eXIf chunk: its TIFF structure (release with nuke_png_free), or NULL
    size_t exif_size;
} nuke_png_image;

/// Decodes `data` with libpng's progressive reader. Any colour type and bit depth becomes 8-bit
/// gray (gray without transparency) or 8-bit RGBA (everything else); 16-bit samples are scaled
/// with rounding. With `allow_partial`, incomplete data yields the rows (or Adam7 passes) decoded
/// so far, with `is_complete` == 0.
///
/// With `output` (of `output_size` bytes, which must match the image exactly), pixels are written
/// there; otherwise a zeroed buffer is allocated and returned in `image->pixels`.
int nuke_png_decode(
    const uint8_t *data,
    size_t size,
    uint64_t max_pixels,
    int allow_partial,
    uint8_t *output,
    size_t output_size,
    nuke_png_image *image,
    char message[NUKE_PNG_MESSAGE_SIZE]
);

/// Encodes 8-bit pixels: `channels` 1 (gray), 3 (RGB) or 4 (RGBA); with `drop_alpha`, RGBA input
/// is written as RGB. `level` is zlib's compression level, 0…9. An ICC profile, when given, is
/// written as the iCCP chunk.
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
);

/// Releases memory returned by nuke_png_decode or nuke_png_encode.
void nuke_png_free(void *pointer);

/// zlib's CRC-32 of `size` bytes, the checksum every PNG chunk ends with.
uint32_t nuke_png_crc32(const uint8_t *bytes, size_t size);

/// Compresses `size` bytes into a zlib stream, as an `iCCP` chunk holds its profile. Returns
/// NUKE_PNG_OK with `*output` (release with nuke_png_free) and `*output_size`, or
/// NUKE_PNG_BAD_ARGUMENT when zlib refuses (out of memory, input too large).
int nuke_png_compress(const uint8_t *bytes, size_t size, uint8_t **output, size_t *output_size);

/// The version of the libpng loaded at run time, such as "1.6.39".
const char *nuke_png_library_version(void);

#endif
