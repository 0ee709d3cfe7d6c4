// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// `import NukeVapor` brings in the proxy it serves.
@_exported public import NukeProxy
