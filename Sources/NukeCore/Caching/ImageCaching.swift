// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// An in-memory cache of decoded images.
///
/// Implementations must be thread-safe; the pipeline reads and writes from any thread.
public protocol ImageCaching: AnyObject, Sendable {
    /// The image stored for `key`; assigning `nil` removes it.
    subscript(key: ImageCacheKey) -> ImageContainer? { get set }

    /// Removes every image.
    func removeAll()
}

/// The key of a decoded image in an ``ImageCaching`` cache.
///
/// Made from a request's image ID, scale, thumbnail options, processors (compared by their
/// hashable identifiers) and its own colour management, or from a custom string. Request options
/// and loader parameters do not take part: the same image is the same entry however it was
/// loaded.
public struct ImageCacheKey: Hashable, Sendable {
    private enum Inner: Sendable {
        case custom(String)
        case request(
            imageID: String?,
            scale: Double,
            thumbnail: ThumbnailOptions?,
            processors: [any ImageProcessing],
            colorManagement: ColorManagementPolicy?
        )
    }

    private let inner: Inner

    /// Creates a key from a custom string.
    public init(key: String) {
        inner = .custom(key)
    }

    /// Creates the key the pipeline uses for `request`.
    public init(request: ImageRequest) {
        inner = .request(
            imageID: request.imageID,
            scale: request.scale,
            thumbnail: request.thumbnail,
            processors: request.processors,
            colorManagement: request.colorManagement
        )
    }

    /// Keys are equal when all their parts are.
    public static func == (lhs: ImageCacheKey, rhs: ImageCacheKey) -> Bool {
        switch (lhs.inner, rhs.inner) {
        case let (.custom(lhs), .custom(rhs)):
            return lhs == rhs
        case let (
            .request(lhsID, lhsScale, lhsThumbnail, lhsProcessors, lhsColorManagement),
            .request(rhsID, rhsScale, rhsThumbnail, rhsProcessors, rhsColorManagement)
        ):
            return lhsID == rhsID && lhsScale == rhsScale && lhsThumbnail == rhsThumbnail
                && lhsProcessors.isEquivalent(to: rhsProcessors) && lhsColorManagement == rhsColorManagement
        default:
            return false
        }
    }

    /// Hashes every part.
    public func hash(into hasher: inout Hasher) {
        switch inner {
        case .custom(let key):
            hasher.combine(key)
        case let .request(imageID, scale, thumbnail, processors, colorManagement):
            hasher.combine(imageID)
            hasher.combine(scale)
            hasher.combine(thumbnail)
            processors.hashIdentifiers(into: &hasher)
            hasher.combine(colorManagement)
        }
    }
}
