// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The one file that reads and writes libjpeg-turbo's private structures (jpegint.h): the inverse
// DCT of each component and the colour stage, which the AVX2 IDCTs and the planar colour stage
// replace with functions giving the same bytes. Those structures are libjpeg-turbo's to change
// (3.0 renamed both fields), so they are touched only on the versions tested here, and only
// after a self-test on the library the process loaded: a small image, made and decoded with and
// without the replacements, must come out the same, and libjpeg must have picked the functions
// the replacements stand in for. Otherwise decodes use the library's own functions.

#include "nuke_jpeg_hooks.h"
#include "nuke_jpeg_error.h"
#include "nuke_jpeg_planar_color.h"
#include "CNukeJPEG.h"

#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// libjpeg-turbo 2.1.x (Debian 12 and Ubuntu 24.04 ship 2.1.5): the versions tested.
#if defined(LIBJPEG_TURBO_VERSION_NUMBER) && LIBJPEG_TURBO_VERSION_NUMBER >= 2001000 && \
    LIBJPEG_TURBO_VERSION_NUMBER < 2002000
#define NUKE_JPEG_HOOKS 1
#include <jpegint.h>
#else
#define NUKE_JPEG_HOOKS 0
#endif

nuke_inverse_dct nuke_jpeg_inverse_dct(j_decompress_ptr cinfo, int component) {
#if NUKE_JPEG_HOOKS
    if (!cinfo->idct || component < 0 || component >= MAX_COMPONENTS) return NULL;
    return cinfo->idct->inverse_DCT[component];
#else
    (void)cinfo, (void)component;
    return NULL;
#endif
}

int nuke_jpeg_set_inverse_dct(j_decompress_ptr cinfo, int component, nuke_inverse_dct method) {
#if NUKE_JPEG_HOOKS
    if (!cinfo->idct || !method || component < 0 || component >= MAX_COMPONENTS) return 0;
    cinfo->idct->inverse_DCT[component] = method;
    return 1;
#else
    (void)cinfo, (void)component, (void)method;
    return 0;
#endif
}

nuke_color_convert nuke_jpeg_color_convert(j_decompress_ptr cinfo) {
#if NUKE_JPEG_HOOKS
    return cinfo->cconvert ? cinfo->cconvert->color_convert : NULL;
#else
    (void)cinfo;
    return NULL;
#endif
}

int nuke_jpeg_set_color_convert(j_decompress_ptr cinfo, nuke_color_convert convert) {
#if NUKE_JPEG_HOOKS
    if (!cinfo->cconvert || !convert) return 0;
    cinfo->cconvert->color_convert = convert;
    return 1;
#else
    (void)cinfo, (void)convert;
    return 0;
#endif
}

// MARK: Self-test

/// Whether replacements are allowed in this thread's decodes (tests turn them off to check the
/// fallback without touching decodes running on other threads).
static _Thread_local int hooks_allowed = 1;
/// The self-test's verdict, written once.
static int self_test_passed = 0;
static pthread_once_t self_test_once = PTHREAD_ONCE_INIT;

void nuke_jpeg_set_hooks_allowed(int allowed) {
    hooks_allowed = allowed ? 1 : 0;
}

/// A planar conversion that only interleaves the planes: with it, the planar stage must give
/// libjpeg's own RGB.
static void nuke_interleave(const void *context, const uint8_t *red, const uint8_t *green, const uint8_t *blue,
                            uint8_t *rgba, size_t width) {
    (void)context;
    for (size_t x = 0; x < width; x++) {
        rgba[4 * x] = red[x];
        rgba[4 * x + 1] = green[x];
        rgba[4 * x + 2] = blue[x];
        rgba[4 * x + 3] = 255;
    }
}

enum { nuke_test_width = 64, nuke_test_height = 48 };

/// A 64×48 4:2:0 JPEG of gradients and edges, made with the library; NULL on failure.
static uint8_t *nuke_make_test_jpeg(unsigned long *size) {
    static uint8_t rgb[nuke_test_height][nuke_test_width * 3];
    for (int y = 0; y < nuke_test_height; y++) {
        for (int x = 0; x < nuke_test_width; x++) {
            rgb[y][3 * x] = (uint8_t)(x * 4);
            rgb[y][3 * x + 1] = (uint8_t)(y * 5 + ((x / 8 + y / 8) % 2) * 60);
            rgb[y][3 * x + 2] = (uint8_t)((x * y) & 0xFF);
        }
    }
    struct jpeg_compress_struct cinfo;
    nuke_error_mgr error;
    nuke_init_error(&error, NULL);
    cinfo.err = &error.base;
    uint8_t *volatile output = NULL;
    unsigned long output_size = 0;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(output);
        return NULL;
    }
    jpeg_create_compress(&cinfo);
    uint8_t *buffer = NULL;
    jpeg_mem_dest(&cinfo, &buffer, &output_size);
    cinfo.image_width = nuke_test_width;
    cinfo.image_height = nuke_test_height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, 90, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = rgb[cinfo.next_scanline];
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    output = buffer;
    jpeg_destroy_compress(&cinfo);
    *size = output_size;
    return output;
}

/// Decodes `jpeg` to RGBA at `scale`/8 into `rgba` (room for the full size), with the
/// replacements when `replace`. Returns 1 on success; 0 when it fails or when libjpeg did not
/// pick the functions the replacements stand in for.
static int nuke_test_decode(const uint8_t *jpeg, unsigned long size, int scale, int replace, uint8_t *rgba) {
    struct jpeg_decompress_struct cinfo;
    nuke_error_mgr error;
    nuke_init_error(&error, NULL);
    cinfo.err = &error.base;
    nuke_jpeg_planar_state planar = {{nuke_interleave, NULL}, NULL};
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        nuke_jpeg_end_planar_color(&planar);
        return 0;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, jpeg, size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_EXT_RGBA;
    cinfo.scale_num = (unsigned int)scale;
    cinfo.scale_denom = 8;
    jpeg_start_decompress(&cinfo);
    int ok = 1;
    if (replace && scale == 3) {
        // At 3/8, libjpeg picks its 3x3 IDCT for luma and its 6x6 for 4:2:0 chroma.
        ok = nuke_jpeg_inverse_dct(&cinfo, 0) == jpeg_idct_3x3 && nuke_jpeg_inverse_dct(&cinfo, 1) == jpeg_idct_6x6;
        nuke_jpeg_install_fast_idct(&cinfo);
    } else if (replace) {
        ok = nuke_jpeg_color_convert(&cinfo) != NULL;
        if (ok && nuke_jpeg_has_planar_color()) ok = nuke_jpeg_install_planar_color(&cinfo, &planar);
    }
    while (ok && cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = rgba + (size_t)cinfo.output_scanline * cinfo.output_width * 4;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    if (ok) {
        jpeg_finish_decompress(&cinfo);
    } else {
        jpeg_abort_decompress(&cinfo);
    }
    jpeg_destroy_decompress(&cinfo);
    nuke_jpeg_end_planar_color(&planar);
    return ok;
}

static void nuke_run_self_test(void) {
#if NUKE_JPEG_HOOKS
    unsigned long size = 0;
    uint8_t *jpeg = nuke_make_test_jpeg(&size);
    if (!jpeg) return;
    static uint8_t library[nuke_test_height * nuke_test_width * 4], replaced[nuke_test_height * nuke_test_width * 4];
    int passed = 1;
    for (int scale = 3; scale <= 8 && passed; scale += 5) {  // 3/8: the IDCTs; 8/8: the colour stage.
        memset(library, 0, sizeof library);
        memset(replaced, 0, sizeof replaced);
        passed = nuke_test_decode(jpeg, size, scale, 0, library) && nuke_test_decode(jpeg, size, scale, 1, replaced) &&
                 memcmp(library, replaced, sizeof library) == 0;
    }
    free(jpeg);
    self_test_passed = passed;
#endif
}

int nuke_jpeg_hooks_enabled(void) {
    if (!hooks_allowed) return 0;
    pthread_once(&self_test_once, nuke_run_self_test);
    return self_test_passed;
}

int nuke_jpeg_hooks_self_test_passed(void) {
    pthread_once(&self_test_once, nuke_run_self_test);
    return self_test_passed;
}
