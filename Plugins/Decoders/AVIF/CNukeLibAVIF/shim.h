// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
// libavif reports every error as a return code, so NukeAVIF calls it from Swift directly.
#include <avif/avif.h>
