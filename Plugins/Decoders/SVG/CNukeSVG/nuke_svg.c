// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#include "nuke_svg.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The parts of glib, gio, cairo and librsvg 2.52+ this file uses, as their headers declare them.
typedef int gboolean;
typedef struct {
    uint32_t domain;
    int code;
    char *message;
} GError;
typedef struct {
    double x, y, width, height;
} RsvgRectangle;
typedef struct {
    double length;
    int unit;
} RsvgLength;
typedef struct _RsvgHandle RsvgHandle;
typedef struct _GInputStream GInputStream;
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

extern const unsigned int rsvg_major_version, rsvg_minor_version, rsvg_micro_version;
GInputStream *g_memory_input_stream_new_from_data(const void *data, ptrdiff_t length, void (*destroy)(void *));
void g_object_unref(void *object);
void g_error_free(GError *error);
RsvgHandle *rsvg_handle_new_from_stream_sync(GInputStream *stream, void *base_file, int flags, void *cancellable,
                                             GError **error);
gboolean rsvg_handle_get_intrinsic_size_in_pixels(RsvgHandle *handle, double *width, double *height);
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *has_width, RsvgLength *width,
                                          gboolean *has_height, RsvgLength *height, gboolean *has_viewbox,
                                          RsvgRectangle *viewbox);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error);
cairo_surface_t *cairo_image_surface_create_for_data(unsigned char *data, int format, int width, int height,
                                                     int stride);
int cairo_surface_status(cairo_surface_t *surface);
void cairo_surface_flush(cairo_surface_t *surface);
void cairo_surface_destroy(cairo_surface_t *surface);
cairo_t *cairo_create(cairo_surface_t *surface);
int cairo_status(cairo_t *cr);
void cairo_destroy(cairo_t *cr);
#define CAIRO_FORMAT_ARGB32 0

struct nuke_svg {
    RsvgHandle *handle;
};

static void keep_error(char *message, GError *error, const char *fallback) {
    snprintf(message, NUKE_SVG_MESSAGE_SIZE, "%s", error != NULL && error->message != NULL ? error->message : fallback);
    if (error != NULL) g_error_free(error);
}

int nuke_svg_open(const uint8_t *data, size_t size, nuke_svg **svg, double *width, double *height, char *message) {
    *svg = NULL;
    GInputStream *stream = g_memory_input_stream_new_from_data(data, (ptrdiff_t)size, NULL);
    if (stream == NULL) return NUKE_SVG_NO_MEMORY;
    GError *error = NULL;
    // No base file and no flags: only data: URLs resolve, and libxml2 keeps its limits.
    RsvgHandle *handle = rsvg_handle_new_from_stream_sync(stream, NULL, 0, NULL, &error);
    g_object_unref(stream);
    if (handle == NULL) {
        keep_error(message, error, "librsvg could not read the document");
        return NUKE_SVG_ERROR;
    }
    if (!rsvg_handle_get_intrinsic_size_in_pixels(handle, width, height)) {
        gboolean has_width = 0, has_height = 0, has_viewbox = 0;
        RsvgLength length_width, length_height;
        RsvgRectangle viewbox = {0, 0, 0, 0};
        rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &length_width, &has_height, &length_height,
                                             &has_viewbox, &viewbox);
        if (!has_viewbox) {
            g_object_unref(handle);
            snprintf(message, NUKE_SVG_MESSAGE_SIZE, "a relative size and no viewBox");
            return NUKE_SVG_NO_SIZE;
        }
        *width = viewbox.width;
        *height = viewbox.height;
    }
    *svg = malloc(sizeof **svg);
    if (*svg == NULL) {
        g_object_unref(handle);
        return NUKE_SVG_NO_MEMORY;
    }
    (*svg)->handle = handle;
    return NUKE_SVG_OK;
}

int nuke_svg_render(nuke_svg *svg, uint8_t *pixels, int width, int height, char *message) {
    cairo_surface_t *surface = cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, width, height, width * 4);
    if (cairo_surface_status(surface) != 0) {
        cairo_surface_destroy(surface);
        snprintf(message, NUKE_SVG_MESSAGE_SIZE, "cairo could not make a %d×%d surface", width, height);
        return NUKE_SVG_NO_MEMORY;
    }
    cairo_t *cr = cairo_create(surface);
    RsvgRectangle viewport = {0, 0, width, height};
    GError *error = NULL;
    gboolean ok = cairo_status(cr) == 0 && rsvg_handle_render_document(svg->handle, cr, &viewport, &error);
    cairo_destroy(cr);
    cairo_surface_flush(surface);
    cairo_surface_destroy(surface);
    if (!ok) {
        keep_error(message, error, "librsvg could not render the document");
        return NUKE_SVG_ERROR;
    }
    return NUKE_SVG_OK;
}

void nuke_svg_close(nuke_svg *svg) {
    if (svg == NULL) return;
    g_object_unref(svg->handle);
    free(svg);
}

unsigned nuke_svg_library_version(void) {
    return rsvg_major_version * 10000 + rsvg_minor_version * 100 + rsvg_micro_version;
}
