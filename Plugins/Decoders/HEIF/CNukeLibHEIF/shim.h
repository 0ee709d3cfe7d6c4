// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
// libheif reports every error as a returned struct, so NukeHEIF calls it from Swift directly.
#include <libheif/heif.h>
