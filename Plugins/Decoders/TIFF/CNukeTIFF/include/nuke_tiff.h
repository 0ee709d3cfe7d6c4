// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The C side of NukeTIFF: libtiff reads from memory through client procedures and reports errors
// through variadic handlers, which are C's to write; here libtiff never prints, and every message
// is kept for the Swift side's error.
#ifndef CNUKETIFF_H
#define CNUKETIFF_H

#include <stddef.h>
#include <stdint.h>

#define NUKE_TIFF_OK 0
#define NUKE_TIFF_ERROR 1        // libtiff refused the file or a strip or tile; see the message
#define NUKE_TIFF_UNSUPPORTED 2  // a layout libtiff's RGBA reader does not convert (floats, odd inks)
#define NUKE_TIFF_TOO_LARGE 3    // width × height is over the limit (checked before any pixel is read)
#define NUKE_TIFF_NO_MEMORY 4

#define NUKE_TIFF_MESSAGE_SIZE 256

/// The first directory of a TIFF (its first page), read from memory.
typedef struct {
    uint32_t width;
    uint32_t height;
    uint16_t orientation;     // the Orientation tag, 1 (upright) when absent or out of range
    uint16_t samples_per_pixel;
    uint16_t bits_per_sample;
    uint16_t photometric;     // PHOTOMETRIC_RGB, _SEPARATED (CMYK), _MINISBLACK…
    int has_alpha;            // an extra sample is alpha (associated or not)
    int is_associated_alpha;  // that alpha premultiplies the colours
    const uint8_t *icc_profile;  // inside libtiff's directory: valid until nuke_tiff_close
    uint32_t icc_profile_size;
    char message[NUKE_TIFF_MESSAGE_SIZE];  // libtiff's first error, or what was refused
    void *tiff;               // the TIFF *, for nuke_tiff_read_rgba and nuke_tiff_close
    const uint8_t *data;
    size_t size;
    size_t offset;
} nuke_tiff_file;

/// Opens `data` (not copied: it must outlive the file) and reads its first directory; no single
/// allocation of libtiff's may pass `max_allocation` bytes. Returns a NUKE_TIFF_ status; on
/// failure nothing is left open.
int nuke_tiff_open(nuke_tiff_file *file, const uint8_t *data, size_t size, int64_t max_allocation);

/// Decodes the first page into `pixels` (width × height × 4 bytes, RGBA in stored row order,
/// not turned upright; alpha as the file has it: premultiplied when `is_associated_alpha`), or
/// refuses it past `max_pixels`. Returns a NUKE_TIFF_ status.
int nuke_tiff_read_rgba(nuke_tiff_file *file, uint8_t *pixels, uint64_t max_pixels);

/// Releases what nuke_tiff_open made.
void nuke_tiff_close(nuke_tiff_file *file);

#define NUKE_TIFF_COMPRESSION_NONE 1     // COMPRESSION_NONE
#define NUKE_TIFF_COMPRESSION_LZW 5      // COMPRESSION_LZW, with the horizontal predictor
#define NUKE_TIFF_COMPRESSION_DEFLATE 8  // COMPRESSION_ADOBE_DEFLATE, with the horizontal predictor

/// A TIFF being written to memory: `data` (malloc'd, `size` bytes) is the caller's to free with
/// nuke_tiff_free_output once written.
typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
    size_t offset;
    char message[NUKE_TIFF_MESSAGE_SIZE];  // libtiff's first error
} nuke_tiff_output;

/// Writes one page of 8-bit pixels of `source_channels` bytes each (1: gray, 4: RGBA), rows
/// `stride` bytes apart, top first, as `channels` samples a pixel — 1 (gray), 3 (RGB: the
/// alpha left out) or 4 (RGB and straight alpha) — with `compression` (a
/// NUKE_TIFF_COMPRESSION_) and the ICC profile when `icc` is not NULL. Returns a NUKE_TIFF_
/// status; on failure nothing is left allocated.
int nuke_tiff_write(nuke_tiff_output *output, const uint8_t *pixels, uint32_t width, uint32_t height, size_t stride,
                    uint16_t source_channels, uint16_t channels, uint16_t compression, const uint8_t *icc,
                    uint32_t icc_size);

/// Frees what nuke_tiff_write wrote.
void nuke_tiff_free_output(nuke_tiff_output *output);

#endif
