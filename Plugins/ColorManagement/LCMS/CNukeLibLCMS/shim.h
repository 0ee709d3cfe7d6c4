// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
// Little CMS reports errors by return values (its log handler prints nothing unless one is set),
// so NukeLCMS calls it from Swift directly; these constants are macros Swift cannot import.
#include <lcms2.h>

static inline cmsUInt32Number nuke_lcms_type_rgba_8(void) { return TYPE_RGBA_8; }
static inline cmsUInt32Number nuke_lcms_type_gray_8(void) { return TYPE_GRAY_8; }
static inline cmsUInt32Number nuke_lcms_type_cmyk_8(void) { return TYPE_CMYK_8; }
static inline cmsUInt32Number nuke_lcms_flags(void) { return cmsFLAGS_NOCACHE | cmsFLAGS_COPY_ALPHA; }
static inline cmsUInt32Number nuke_lcms_flags_without_alpha(void) { return cmsFLAGS_NOCACHE; }
