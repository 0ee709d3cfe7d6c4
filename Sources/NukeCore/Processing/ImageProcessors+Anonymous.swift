// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ImageProcessors {
    /// A processor made from a closure and an identifier.
    ///
    /// The identifier must change whenever the closure's behaviour does: it keys the caches.
    public struct Anonymous: ImageProcessing, CustomStringConvertible {
        /// The identifier passed at creation.
        public let identifier: String
        private let closure: @Sendable (Bitmap) -> Bitmap?

        /// Creates a processor.
        ///
        /// - Parameters:
        ///   - id: Identifies what `closure` does, with its parameters.
        ///   - closure: Transforms an image; returns `nil` on failure.
        public init(id: String, _ closure: @escaping @Sendable (Bitmap) -> Bitmap?) {
            self.identifier = id
            self.closure = closure
        }

        /// Calls the closure.
        public func process(_ image: Bitmap) -> Bitmap? {
            closure(image)
        }

        /// `AnonymousProcessor(identifier: …)`.
        public var description: String {
            "AnonymousProcessor(identifier: \(identifier))"
        }
    }
}

extension ImageProcessing where Self == ImageProcessors.Anonymous {
    /// A processor made from a closure; `id` keys the caches.
    public static func process(id: String, _ closure: @escaping @Sendable (Bitmap) -> Bitmap?)
        -> ImageProcessors.Anonymous
    {
        ImageProcessors.Anonymous(id: id, closure)
    }
}
