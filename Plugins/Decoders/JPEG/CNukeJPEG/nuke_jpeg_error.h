// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// The shim's libjpeg error manager (private): errors longjmp back, messages are captured, never printed.
#ifndef NUKE_JPEG_ERROR_H
#define NUKE_JPEG_ERROR_H

#include <setjmp.h>
#include <stdio.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char *message;
    int saw_eof;
    int allow_truncated;
    int max_scans;
    int too_many_scans;
} nuke_error_mgr;

/// Sets up `error`: a libjpeg error longjmps to `error->jump` with its text in `message` (when not
/// NULL, NUKE_JPEG_MESSAGE_SIZE bytes); warnings are counted, and an early end of the data is an
/// error unless `allow_truncated` is set.
void nuke_init_error(nuke_error_mgr *error, char *message);

#endif
