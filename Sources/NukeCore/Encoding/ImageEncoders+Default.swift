// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ImageEncoders {
    /// Picks an encoder from a registry: the one for ``type`` when set, else JPEG for opaque
    /// images and PNG for images with alpha, falling back to any registered encoder.
    ///
    /// The original data of animations (GIF, animated WebP) is kept as is, so an animation stays
    /// animated in the disk cache.
    public struct Default: ImageEncoding {
        /// Where encoders are looked up.
        public let registry: PluginRegistry

        /// The format every image is encoded in (for example `.webp`), or `nil` to choose by
        /// opacity.
        public let type: AssetType?

        /// The quality lossy formats are written at, 0…1, as Nuke's `compressionQuality`; `nil`
        /// (the default) leaves each encoder its own (JPEG's is 0.8, Nuke's default).
        public let compressionQuality: Double?

        /// Creates the encoder.
        ///
        /// - Parameters:
        ///   - registry: where encoders are looked up.
        ///   - type: a format to always use, if its encoder is registered; `nil` chooses JPEG for
        ///     opaque images and PNG for images with alpha.
        ///   - compressionQuality: the quality lossy encoders use, 0…1; `nil` for their own.
        public init(registry: PluginRegistry, type: AssetType? = nil, compressionQuality: Double? = nil) {
            self.registry = registry
            self.type = type
            self.compressionQuality = compressionQuality
        }

        /// The format chosen for `image`: ``type`` if set, else `.jpeg` if opaque, else `.png`.
        public func preferredType(for image: Bitmap) -> AssetType {
            type ?? (image.isOpaque ? .jpeg : .png)
        }

        /// Encodes with the preferred format's encoder, or any registered one (at
        /// ``compressionQuality`` when set).
        public func encode(_ image: Bitmap) throws -> Data {
            guard compressionQuality != nil else { return try encoder(for: image).encode(image) }
            let container = ImageContainer(image: image)
            return try encode(
                container,
                context: ImageEncodingContext(request: ImageRequest(url: nil), image: container)
            )
        }

        /// Returns the original data of animations; encodes a processed animation (one without
        /// its original data) with ``type``'s encoder if set, else WebP's, else GIF's, so that it
        /// stays animated; otherwise encodes the container with the preferred format's encoder,
        /// which writes its colour profile when it carries one.
        public func encode(_ container: ImageContainer, context: ImageEncodingContext) throws -> Data {
            var context = context
            if let compressionQuality { context.compressionQuality = compressionQuality }
            if let data = container.data, container.type == .gif || container.type == .webp, !container.isPreview {
                return data
            }
            if let animation = container.animation, animation.frameCount > 1,
                let encoder = (type.map { [$0] } ?? [.webp, .gif]).lazy.compactMap(registry.encoder(for:)).first
            {
                return try encoder.encode(container, context: context)
            }
            return try encoder(for: container.image).encode(container, context: context)
        }

        private func encoder(for image: Bitmap) throws -> any ImageEncoding {
            let preferred = preferredType(for: image)
            for type in [preferred, .png, .jpeg, .webp] {
                if let encoder = registry.encoder(for: type) { return encoder }
            }
            if let encoder = registry.registrations(Capabilities.Encoding.self).first?.provider { return encoder }
            throw ImageEncodingError.encoderNotRegistered(preferred)
        }
    }
}
