// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// hiredis 0.14 or later, blocking API (Debian's libhiredis-dev puts it in <hiredis/hiredis.h>).
#include <hiredis/hiredis.h>
