// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibLCMS
public import NukeCore

/// Registers ``LCMSColorManager`` as the registry's colour manager (`lcms`), so pipelines convert
/// decoded images with a colour profile to sRGB (see
/// `ImagePipeline.Configuration.colorManagement`).
public struct LCMSPlugin: NukePlugin {
    /// The colour manager registered.
    public var manager: LCMSColorManager

    /// Creates the plugin.
    public init(manager: LCMSColorManager = LCMSColorManager()) {
        self.manager = manager
    }

    /// `nuke.lcms`.
    public var id: PluginID { "nuke.lcms" }

    /// Registers the colour manager.
    public func register(in registry: inout PluginRegistry) {
        registry.register(Capabilities.ColorManagement.self, id: "nuke.lcms.color-manager", for: ["lcms"], manager)
    }

    /// The version of the Little CMS loaded at run time, such as `"2.14"`.
    public static var libraryVersion: String {
        let version = Int(cmsGetEncodedCMMversion())
        return "\(version / 1000).\(version % 1000 / 10)"
    }
}
