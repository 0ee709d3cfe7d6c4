// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
// libjxl reports every error as a status, so NukeJXL calls it from Swift directly. (Its
// pkg-config file adds -DHWY_SHARED_DEFINE, which SwiftPM refuses; the module map links by name.)
#include <jxl/decode.h>
#include <jxl/encode.h>
