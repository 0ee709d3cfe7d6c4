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

#define NUKE_SVG_NOT_SVG 4    // the root is not an SVG element in the SVG namespace
#define NUKE_SVG_TOO_LARGE 5  // the sanitised document would pass the size allowed (entities)

/// Writes `data` again keeping only what draws: SVG elements that are not scripts, foreign
/// objects, animations or anything outside the SVG namespace; attributes that are not event
/// handlers; references (`href`, `url()`) only within the document (and `data:` raster images
/// for `image` and `feImage`); style sheets and `style` attributes only when they hold nothing
/// that loads or runs (no `@import` or other at-rule but `@media`, no function but colours,
/// transforms and in-document `url(#…)`, no escapes); no DTD, comment or processing instruction.
/// libxml2 parses with no network, no external entity and no DTD loaded; internal entities are
/// written out as text. The result (malloc'd, freed with nuke_svg_free) may not pass
/// `max_output` bytes. Returns a NUKE_SVG_ status.
int nuke_svg_sanitize(const uint8_t *data, size_t size, size_t max_output, uint8_t **output, size_t *output_size,
                      char *message);

/// Frees what nuke_svg_sanitize wrote.
void nuke_svg_free(void *pointer);

#endif
