// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Foundation
import Nuke

/// The colours of a result: sRGB without a profile (`scp:1`, the default: the pipeline has
/// converted the source already), or the source's own with its ICC profile (`scp:0`).
///
/// A kept profile goes only where it can: a GIF carries none, and a source described by CICP
/// code points alone (an AVIF's `nclx`) has no ICC profile to embed. Such results are converted
/// to sRGB here after all, so that no result is served in colours it does not describe.
struct ResultColors: Sendable {
    /// Whether the URL asks for the source's profile (`scp:0`).
    let keepsProfile: Bool
    /// Whether the result's format carries an ICC profile.
    let formatCarriesProfile: Bool
    /// Converts what cannot keep its profile; `nil` without a colour manager.
    let manager: (any ColorManaging)?
    /// The intent of that conversion: the pipeline's.
    let intent: RenderingIntent

    init(plan: ProxyPlan, format: OutputFormat, pipeline: ImagePipeline.Configuration) {
        keepsProfile = plan.keepsColorProfile
        formatCarriesProfile = format != .gif
        manager = pipeline.registry.colorManager
        if case .convertToSRGB(let intent) = pipeline.colorManagement {
            self.intent = intent
        } else {
            intent = .perceptual
        }
    }

    /// The ICC profile to embed in the result of `container`, converting `container` to sRGB
    /// first when its profile cannot be kept. CPU-bound: run it on the pipeline's workers.
    func prepare(_ container: inout ImageContainer) -> Data? {
        guard keepsProfile else { return nil }
        if formatCarriesProfile, let profile = container.userInfo[.iccProfileKey] as? Data, !profile.isEmpty {
            return profile
        }
        _ = manager?.convertToSRGB(&container, intent: intent)
        return nil
    }
}
