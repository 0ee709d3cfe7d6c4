// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ColorManaging {
    /// Converts `container` from the colour profile its decoder recorded (``ColorProfile``) to
    /// sRGB: its image in its own storage, and each frame of its animation as it is produced.
    /// The profile is then removed, as it no longer describes the pixels.
    ///
    /// Returns `false`, with `container` unchanged, when it carries no profile, the profile is
    /// sRGB's, or the profile cannot be used (as browsers ignore broken profiles).
    public func convertToSRGB(_ container: inout ImageContainer, intent: RenderingIntent) -> Bool {
        guard let profile = ColorProfile(of: container),
            (try? convertToSRGB(&container.image, from: profile, intent: intent)) == true
        else { return false }
        container.userInfo[.iccProfileKey] = nil
        container.userInfo[.cicpKey] = nil
        container.animation = container.animation?.mappingFrames { frame in
            (try? self.convertToSRGB(frame, from: profile, intent: intent)) ?? frame
        }
        return true
    }
}
