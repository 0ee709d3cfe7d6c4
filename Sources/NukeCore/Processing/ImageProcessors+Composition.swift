// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension ImageProcessors {
    /// Applies processors in order, stopping at the first failure.
    public struct Composition: ImageProcessing, Hashable, CustomStringConvertible {
        /// The processors, in application order.
        public let processors: [any ImageProcessing]

        /// Creates a composition; nested compositions are flattened.
        public init(_ processors: [any ImageProcessing]) {
            self.processors = processors.flatMap { processor -> [any ImageProcessing] in
                (processor as? Composition)?.processors ?? [processor]
            }
        }

        /// Applies every processor in order.
        public func process(_ image: Bitmap) -> Bitmap? {
            var current = image
            for processor in processors {
                guard let next = processor.process(current) else { return nil }
                current = next
            }
            return current
        }

        /// Applies every processor in order, each to the animation as well as its
        /// ``ImageProcessing/animationProcessing`` says, rethrowing the first error.
        public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
            try processors.reduce(container) { try $1.processingAnimation($0, context: context) }
        }

        /// ``AnimationProcessing/wholeContainer``: each child treats the animation its own way.
        public var animationProcessing: AnimationProcessing { .wholeContainer }

        /// The children's identifiers, concatenated.
        public var identifier: String {
            processors.map(\.identifier).joined()
        }

        /// `Composition(processors: […])`, as Nuke prints it.
        public var description: String {
            "Composition(processors: \(processors))"
        }

        /// Compositions are equal when their children are, in order.
        public static func == (lhs: Composition, rhs: Composition) -> Bool {
            lhs.processors.isEquivalent(to: rhs.processors)
        }

        /// Hashes the children's hashable identifiers.
        public func hash(into hasher: inout Hasher) {
            processors.hashIdentifiers(into: &hasher)
        }
    }
}

extension ImageProcessing where Self == ImageProcessors.Composition {
    /// A composition of processors applied in order.
    public static func composition(_ processors: [any ImageProcessing]) -> ImageProcessors.Composition {
        ImageProcessors.Composition(processors)
    }
}
