// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
// OpenJPEG, for CNukeJPEG2000 (which holds every call into it).
#include <openjpeg.h>
