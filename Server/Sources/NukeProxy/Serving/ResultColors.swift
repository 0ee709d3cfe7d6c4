// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke

/// The colours of a result: sRGB without a profile (`scp:1`, the default: the pipeline has
/// converted the source already), or the source's own with its ICC profile (`scp:0`).
///
/// A kept profile goes only where it can and should: a GIF, a BMP or an icon carries none, a source described by
/// CICP code points alone (an AVIF's `nclx`) has no ICC profile to embed, and a profile that the
/// colour manager cannot read or that is larger than ``maximumProfileSize`` is not passed on to
/// clients. Such results are converted to sRGB here after all (when the profile can be read),
/// so that no result is served in colours it does not describe.
struct ResultColors: Sendable {
    /// The largest ICC profile a result carries: 256 KB (Display P3's is under 1 KB, a camera's
    /// a few; a source could carry megabytes).
    static let defaultMaximumProfileSize = 256 * 1024

    /// Whether the URL asks for the source's profile (`scp:0`).
    let keepsProfile: Bool
    /// Whether the result's format carries an ICC profile.
    let formatCarriesProfile: Bool
    /// Reads profiles and converts what cannot keep its profile; `nil` without a colour manager.
    let manager: (any ColorManaging)?
    /// The intent of that conversion: the pipeline's.
    let intent: RenderingIntent
    /// The largest profile embedded, in bytes.
    let maximumProfileSize: Int

    init(
        plan: ProxyPlan,
        format: OutputFormat,
        pipeline: ImagePipeline.Configuration,
        maximumProfileSize: Int = Self.defaultMaximumProfileSize
    ) {
        keepsProfile = plan.keepsColorProfile
        formatCarriesProfile = format.carriesColorProfile
        manager = pipeline.registry.colorManager
        if case .convertToSRGB(let intent) = pipeline.colorManagement {
            self.intent = intent
        } else {
            intent = .perceptual
        }
        self.maximumProfileSize = maximumProfileSize
    }

    /// The ICC profile to embed in the result of `container`, converting `container` to sRGB
    /// first when its profile cannot be kept. CPU-bound: run it on the pipeline's workers.
    func prepare(_ container: inout ImageContainer) -> Data? {
        guard keepsProfile else { return nil }
        if formatCarriesProfile, let profile = container.userInfo[.iccProfileKey] as? Data, isEmbeddable(profile) {
            return profile
        }
        _ = manager?.convertToSRGB(&container, intent: intent)
        return nil
    }

    /// Whether `profile` is small enough and, with a colour manager, one it can read (it converts
    /// a pixel from it).
    private func isEmbeddable(_ profile: Data) -> Bool {
        guard !profile.isEmpty, profile.count <= maximumProfileSize else { return false }
        guard let manager, let pixel = try? Bitmap(width: 1, height: 1, pixelFormat: .rgba8) else { return true }
        do {
            _ = try manager.convertToSRGB(pixel, from: .icc(profile), intent: intent)  // nil: sRGB's
            return true
        } catch {
            return false
        }
    }
}
