// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// giflib 5: re-entrant, reports errors by return codes (no setjmp).
#include <gif_lib.h>
