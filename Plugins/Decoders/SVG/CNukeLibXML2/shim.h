// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT
// libxml2, for CNukeSVG's sanitiser (which holds every call into it).
#include <libxml/parser.h>
#include <libxml/tree.h>
