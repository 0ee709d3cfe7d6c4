// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ImagePipeline {
    /// `container` with its pixels (and every frame of its animation) converted to sRGB when the
    /// configuration asks for it, a colour manager is registered and the decoder recorded a
    /// profile; the profile is then removed. A profile the manager cannot use leaves the image as
    /// decoded, profile and all, as browsers ignore broken profiles. Runs on the decoding queue.
    nonisolated func managingColor(of container: ImageContainer) -> ImageContainer {
        guard case .convertToSRGB(let intent) = configuration.colorManagement,
            let manager = configuration.registry.colorManager,
            let profile = ColorProfile(of: container)
        else { return container }
        guard let converted = try? manager.convertToSRGB(container.image, from: profile, intent: intent) else {
            return container  // already sRGB, or a profile that cannot be used
        }
        var result = container
        result.image = converted
        result.userInfo[.iccProfileKey] = nil
        result.userInfo[.cicpKey] = nil
        result.animation = container.animation?.mappingFrames { frame in
            (try? manager.convertToSRGB(frame, from: profile, intent: intent)) ?? frame
        }
        return result
    }
}
