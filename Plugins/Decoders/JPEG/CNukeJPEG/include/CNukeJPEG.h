// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The C side of NukeJPEG. Every setjmp/longjmp of libjpeg's error handling happens in here, and
// libjpeg's messages are captured instead of printed: Swift only sees plain functions returning
// status codes, so no Swift frame is ever on the stack when libjpeg longjmps.
#ifndef CNUKEJPEG_H
#define CNUKEJPEG_H

#include <stddef.h>
#include <stdint.h>

#define NUKE_JPEG_OK 0
#define NUKE_JPEG_ERROR 1       // corrupt data or a libjpeg failure; see the message
#define NUKE_JPEG_TRUNCATED 2   // the data ended before the image did
#define NUKE_JPEG_TOO_MANY_SCANS 3
#define NUKE_JPEG_BAD_ARGUMENT 4
#define NUKE_JPEG_OVER_BUDGET 5  // the decode would allocate more than the memory budget; see needed_bytes

#define NUKE_JPEG_MESSAGE_SIZE 200

typedef enum {
    NUKE_JPEG_COLOR_GRAY = 1,
    NUKE_JPEG_COLOR_RGB = 2,   // YCbCr or RGB
    NUKE_JPEG_COLOR_CMYK = 3,  // CMYK or YCCK
    NUKE_JPEG_COLOR_OTHER = 4
} nuke_jpeg_color;

typedef struct {
    int width;
    int height;
    int components;
    nuke_jpeg_color color;
    int is_progressive;
} nuke_jpeg_info;

/// A colour conversion run inside the decode, row by row: `function(context, red, green, blue,
/// rgba, width)` converts `width` opaque pixels given as red, green and blue planes and writes them
/// as RGBA to `rgba`.
typedef void (*nuke_jpeg_planar_function)(const void *context, const uint8_t *red, const uint8_t *green,
                                          const uint8_t *blue, uint8_t *rgba, size_t width);

typedef struct {
    nuke_jpeg_planar_function function;
    const void *context;
} nuke_jpeg_planar_conversion;

typedef struct {
    int width;
    int height;
    int is_truncated;     // the output was decoded from incomplete data
    int is_converted;     // the planar conversion passed to nuke_jpeg_decode converted its rows
    size_t needed_bytes;  // with NUKE_JPEG_OVER_BUDGET: what the decode would allocate
    int fast_idct_components;  // components decoded with an AVX2 IDCT instead of libjpeg's (see nuke_jpeg_has_fast_idct)
} nuke_jpeg_result;

/// Reads the header. Returns NUKE_JPEG_OK or an error code with `message` set.
int nuke_jpeg_read_header(const uint8_t *data, size_t size, nuke_jpeg_info *info, char message[NUKE_JPEG_MESSAGE_SIZE]);

/// Decodes at scale `scale_num`/8 (1…8) into `output` (gray: 1 byte per pixel when the image is
/// grayscale; CMYK, 4 bytes a pixel with 0 for no ink (Adobe's inverted values turned back), when
/// it is CMYK or YCCK; else RGBA), `stride` bytes per row, which must hold the scaled size
/// (ceil(width × scale_num / 8) × ceil(height × scale_num / 8)).
/// With `allow_truncated`, incomplete data yields what could be decoded and `is_truncated`;
/// without it, decoding stops at the first sign of an early end (the data runs out, the scan
/// data reaches EOI, a progressive file ends between scans) with NUKE_JPEG_TRUNCATED.
/// `max_scans` bounds the scans of a progressive image (a decompression-time DoS guard).
/// `memory_budget` (0: none) bounds the output plus libjpeg's coefficient buffers, checked from
/// the header before anything large is allocated.
/// `dc_only` says the data is a progressive file reduced to its DC scans (for a 1/8 decode, which
/// uses nothing else): only the DC coefficients must be complete, and no block smoothing runs.
/// `conversion` (NULL: none), for a YCbCr image decoded to RGBA without `fast`, on a processor
/// nuke_jpeg_has_planar_color accepts, takes the place of libjpeg's YCbCr → RGB step: each row is
/// computed as planes (the same values) and handed to it; `is_converted` then says so. Otherwise
/// the rows are plain RGB and `is_converted` is 0.
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
);

/// Whether decodes can run a planar conversion in place of libjpeg's YCbCr → RGB step (x86-64 with
/// AVX-512 F, BW and VBMI).
int nuke_jpeg_has_planar_color(void);

/// Test support: for every (Y, Cb, Cr), compares the red, green and blue planes the planar step
/// computes with the RGB that libjpeg's own YCbCr → RGB step (as started on `jpeg`, a YCbCr
/// image) gives. Returns how many triples differ (0 also where the processor has no planar step),
/// or -1 for a bad argument or when `jpeg` cannot be started.
int nuke_jpeg_compare_planar_color(const uint8_t *jpeg, size_t size);

/// Encodes RGBA (alpha ignored) or gray pixels. On success `*output` is a buffer to release with
/// nuke_jpeg_free.
int nuke_jpeg_encode(
    const uint8_t *pixels,
    int width,
    int height,
    size_t stride,
    int is_gray,
    int quality,
    int progressive,
    const uint8_t *icc_profile,  // written as APP2 ICC_PROFILE markers when not NULL
    size_t icc_profile_size,
    uint8_t **output,
    size_t *output_size,
    char message[NUKE_JPEG_MESSAGE_SIZE]
);

/// Releases a buffer from nuke_jpeg_encode.
void nuke_jpeg_free(void *buffer);

/// Whether this build replaces libjpeg-turbo's functions at all: a libjpeg-turbo version it was
/// tested with (2.1.x), whose private structures it may touch, and a self-test on the library the
/// process loaded (a small image decoded with and without the replacements, the same bytes),
/// run once on the first call. Otherwise every decode uses the library's own functions.
int nuke_jpeg_hooks_self_test_passed(void);

/// Test support: 0 makes the calling thread's later decodes use libjpeg's own inverse DCTs and
/// colour stage (the fallback); 1 allows the replacements again.
void nuke_jpeg_set_hooks_allowed(int allowed);

/// Whether decodes use AVX2 inverse DCTs in place of libjpeg's scalar 6x6 and 3x3 ones (the
/// reduced sizes of a 3/8 decode; x86-64 with AVX2), which give the same bytes.
int nuke_jpeg_has_fast_idct(void);

/// Test support: runs the AVX2 `block_size`×`block_size` inverse DCT (6 or 3) and libjpeg's
/// (jpeg_idct_6x6, jpeg_idct_3x3) on `count` blocks, block i being `coefficients[64 i…]`
/// dequantized by `quantizers[64 i…]` (both in natural order), with the range limits of a
/// decompressor started on `jpeg`. Returns how many blocks came out different (0: the same bytes
/// for all), or -1 for a bad argument or when `jpeg` cannot be decoded.
int nuke_jpeg_compare_idct(
    const uint8_t *jpeg,
    size_t size,
    int block_size,
    const int16_t *coefficients,
    const int16_t *quantizers,
    int count
);

/// The version of libjpeg-turbo this was built against, such as "2.1.5".
const char *nuke_jpeg_library_version(void);

#endif
