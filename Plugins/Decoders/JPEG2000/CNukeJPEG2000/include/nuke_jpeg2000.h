// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The C side of NukeJPEG2000: OpenJPEG reads from memory through stream callbacks and reports
// through message callbacks; here it never prints, and its components become RGBA in one pass.
#ifndef CNUKEJPEG2000_H
#define CNUKEJPEG2000_H

#include <stddef.h>
#include <stdint.h>

#define NUKE_JP2_OK 0
#define NUKE_JP2_ERROR 1        // OpenJPEG refused the header or the codestream; see the message
#define NUKE_JP2_UNSUPPORTED 2  // a colour space or component layout not converted here
#define NUKE_JP2_NOT_JPEG2000 3

#define NUKE_JP2_MESSAGE_SIZE 256

/// A JPEG 2000 file (JP2 box structure or a bare codestream) read from memory.
typedef struct {
    uint32_t width;            // the full-resolution image's size
    uint32_t height;
    uint32_t components;
    uint32_t resolutions;      // resolution levels: decoding may drop up to resolutions − 1
    const uint8_t *icc_profile;  // inside OpenJPEG's image: valid until nuke_jp2_close
    uint32_t icc_profile_size;
    char message[NUKE_JP2_MESSAGE_SIZE];
    void *codec;
    void *stream;
    void *image;
    const uint8_t *data;
    size_t size;
    size_t offset;
} nuke_jp2_file;

/// Opens `data` (not copied: it must outlive the file) and reads the main header.
int nuke_jp2_open(nuke_jp2_file *file, const uint8_t *data, size_t size);

/// Decodes the image with `reduce` resolution levels dropped (each halves both sides); its size is
/// then in `width` and `height`.
int nuke_jp2_decode(nuke_jp2_file *file, uint32_t reduce, uint32_t *width, uint32_t *height);

/// Writes the decoded image as RGBA (`width × height × 4` bytes, the decoded size): gray, gray
/// with alpha, RGB, sYCC and RGBA, any precision scaled to 8 bits, subsampled components
/// repeated.
int nuke_jp2_copy_rgba(nuke_jp2_file *file, uint8_t *pixels);

/// Releases what nuke_jp2_open made.
void nuke_jp2_close(nuke_jp2_file *file);

#endif
