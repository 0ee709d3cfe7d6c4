// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ImagePipeline {
    /// Converts the pixels of `container` (and every frame of its animation) to sRGB when
    /// `request` or else the configuration asks for it, a colour manager is registered and the
    /// decoder recorded a profile; the profile is then removed. A profile the manager cannot use
    /// leaves the image as decoded, profile and all, as browsers ignore broken profiles. Runs on
    /// the decoding queue.
    ///
    /// The image is converted in its own storage, so a freshly decoded image (shared with nothing)
    /// needs no second buffer.
    nonisolated func manageColor(of container: inout ImageContainer, for request: ImageRequest) {
        guard case .convertToSRGB(let intent) = configuration.colorManagement(for: request),
            let manager = configuration.registry.colorManager
        else { return }
        _ = manager.convertToSRGB(&container, intent: intent)
    }
}
