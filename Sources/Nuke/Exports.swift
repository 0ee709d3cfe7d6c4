// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

// `import Nuke` brings in the core and every default plugin.
@_exported public import NukeAVIF
@_exported public import NukeBMP
@_exported public import NukeCore
@_exported public import NukeCurl
@_exported public import NukeDiskCache
@_exported public import NukeFilters
@_exported public import NukeGIF
@_exported public import NukeHEIF
@_exported public import NukeHTTP
@_exported public import NukeImaging
@_exported public import NukeJPEG
@_exported public import NukeJPEG2000
@_exported public import NukeJXL
@_exported public import NukeLCMS
@_exported public import NukePNG
@_exported public import NukePrefetching
@_exported public import NukeProcessorSpec
@_exported public import NukeProcessors
@_exported public import NukeSVG
@_exported public import NukeTIFF
@_exported public import NukeWebP
