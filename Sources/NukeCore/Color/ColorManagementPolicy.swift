// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// What the pipeline does with the colour profile of a decoded image.
public enum ColorManagementPolicy: Hashable, Sendable {
    /// Converts the pixels to sRGB with the registry's colour manager (when one is registered;
    /// without one the pixels are left as decoded) and drops the profile, which no longer
    /// describes them. The default.
    case convertToSRGB(intent: RenderingIntent = .perceptual)
    /// Leaves the pixels as decoded and carries the profile in the container's `userInfo`, for
    /// clients that manage colour themselves.
    case keepOriginalProfile
}

extension ColorManagementPolicy {
    /// A stable text for the policy, added to disk-cache keys of requests that set one.
    var identifier: String {
        switch self {
        case .convertToSRGB(let intent): "colorManagement=sRGB/\(intent.rawValue)"
        case .keepOriginalProfile: "colorManagement=original"
        }
    }
}

extension ImagePipeline.Configuration {
    /// What happens to the colour profile of an image decoded for `request`: its own policy,
    /// else the pipeline's.
    func colorManagement(for request: ImageRequest) -> ColorManagementPolicy {
        request.colorManagement ?? colorManagement
    }
}
