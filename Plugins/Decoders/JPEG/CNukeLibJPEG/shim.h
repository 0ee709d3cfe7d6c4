// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// libjpeg-turbo's classic API. <jpeglib.h> needs size_t and FILE declared first.
#include <stdio.h>
#include <jpeglib.h>
