// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The loopback HTTP server and the image writers live in `NukeLoopback` so that the `nuke`
/// command's demo can use them without linking the test support; tests get them from here.
@_exported public import NukeLoopback
