// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore
internal import Synchronization

extension UserInfoKey {
    /// The identifiers of the ``MockImageProcessor``s applied to an image, in order. Value: `[String]`.
    public static let processorIDsKey: UserInfoKey = "nuke.test.processor-ids"
}

extension ImageContainer {
    /// The identifiers of the mock processors applied to this image, in order.
    public var processorIDs: [String] {
        userInfo[.processorIDsKey] as? [String] ?? []
    }
}

/// Counts processor applications across processors (thread-safe).
public final class ProcessorCounter: Sendable {
    private let count = Mutex(0)

    /// Creates a counter at zero.
    public init() {}

    /// Applications so far.
    public var value: Int { count.withLock { $0 } }

    /// Adds one.
    public func increment() {
        count.withLock { $0 += 1 }
    }
}

/// A processor that records its identifier on the image it passes through, so tests can check
/// exactly which processors ran and in which order.
public struct MockImageProcessor: ImageProcessing, Hashable {
    /// The identifier.
    public let identifier: String
    private let counter: ProcessorCounter?

    /// Creates a processor; `counter` counts its applications.
    public init(id: String, counter: ProcessorCounter? = nil) {
        self.identifier = id
        self.counter = counter
    }

    /// Appends the identifier to the image's processor IDs.
    public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
        counter?.increment()
        var output = container
        output.userInfo[.processorIDsKey] = container.processorIDs + [identifier]
        return output
    }

    /// Processors are equal by identifier.
    public static func == (lhs: MockImageProcessor, rhs: MockImageProcessor) -> Bool {
        lhs.identifier == rhs.identifier
    }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }
}

/// A processor that always throws.
public struct MockFailingProcessor: ImageProcessing {
    /// An error a mock throws.
    public struct Failure: Error, Equatable {}

    /// Creates the processor.
    public init() {}

    /// `test.failing`.
    public var identifier: String { "test.failing" }

    /// Throws ``Failure``.
    public func process(_ container: ImageContainer, context: ImageProcessingContext) throws -> ImageContainer {
        throw Failure()
    }
}

/// An encoder that counts encodes and returns fixed bytes.
public final class MockImageEncoder: ImageEncoding {
    private let count = Mutex(0)
    private let result: Data

    /// Creates an encoder returning `result`.
    public init(result: Data = TestImageFormat.make(width: 200, height: 150, byteCount: 100)) {
        self.result = result
    }

    /// Encodes so far.
    public var encodeCount: Int { count.withLock { $0 } }

    /// Returns the fixed bytes.
    public func encode(_ image: Bitmap) throws -> Data {
        count.withLock { $0 += 1 }
        return result
    }
}

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
