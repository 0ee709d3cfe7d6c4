// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The C side of NukeSVG: librsvg parses and renders, cairo draws. Their headers need glib's and
// cairo's include folders, which SwiftPM cannot be given portably (their pkg-config files add
// -pthread, which it refuses), so nuke_svg.c declares the few functions it calls itself.
#ifndef CNUKESVG_H
#define CNUKESVG_H

#include <stddef.h>
#include <stdint.h>

#define NUKE_SVG_OK 0
#define NUKE_SVG_ERROR 1    // librsvg refused the document or its rendering; see the message
#define NUKE_SVG_NO_SIZE 2  // neither a size in absolute units nor a viewBox
#define NUKE_SVG_NO_MEMORY 3

#define NUKE_SVG_MESSAGE_SIZE 256

/// A parsed SVG document.
typedef struct nuke_svg nuke_svg;

/// Parses `data` (read during the call, not kept) with no base file, so librsvg resolves no
/// reference outside the document but `data:` URLs; its size in pixels at 96 dpi (the viewBox's
/// when the size is relative) goes to `width` and `height`. Returns a NUKE_SVG_ status.
int nuke_svg_open(const uint8_t *data, size_t size, nuke_svg **svg, double *width, double *height, char *message);

/// Renders the whole document scaled into `width × height` pixels at `pixels` (rows of
/// `width × 4` bytes, zeroed first by the caller): cairo's ARGB32, premultiplied, native byte order.
int nuke_svg_render(nuke_svg *svg, uint8_t *pixels, int width, int height, char *message);

/// Releases the document.
void nuke_svg_close(nuke_svg *svg);

/// librsvg's version, as major × 10,000 + minor × 100 + micro.
unsigned nuke_svg_library_version(void);

#endif
