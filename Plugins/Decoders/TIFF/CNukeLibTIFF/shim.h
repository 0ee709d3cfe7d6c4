// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
// libtiff, for CNukeTIFF (which holds every call into it).
#include <tiffio.h>
