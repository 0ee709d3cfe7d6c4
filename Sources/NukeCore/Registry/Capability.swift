// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// A kind of thing plugins provide, with the key it is looked up by.
///
/// The built-in capabilities are in ``Capabilities``; a third-party module can declare its own
/// (for example a thumbnailing capability) and register providers for it without touching core.
public protocol Capability: Sendable {
    /// What a lookup is by (an ``AssetType``, a URL scheme, a name).
    associatedtype Key: Hashable & Sendable
    /// What is stored (a decoder factory, a loader, a cache).
    associatedtype Provider: Sendable
}

/// The capabilities the pipeline uses.
public enum Capabilities {
    /// Formats: how to recognise an ``AssetType`` from its bytes, MIME types and file extensions.
    ///
    /// Every registry starts with ``ImageFormat/builtIn``; a plugin adds a format the core has
    /// never heard of, or replaces a built-in one, by registering an ``ImageFormat`` for its type.
    public enum FormatDetection: Capability {
        /// The format's type.
        public typealias Key = AssetType
        /// The format's description.
        public typealias Provider = ImageFormat
    }

    /// Decoders, looked up by the ``AssetType`` the registered formats recognise in the data.
    ///
    /// The provider is a factory called once per download; it returns `nil` to decline (for
    /// example for partial data when it cannot decode progressively).
    public enum Decoding: Capability {
        /// The format a decoder reads.
        public typealias Key = AssetType
        /// Makes a decoder for one download.
        public typealias Provider = @Sendable (ImageDecodingContext) -> (any ImageDecoding)?
    }

    /// Encoders, looked up by the ``AssetType`` they write.
    public enum Encoding: Capability {
        /// The format an encoder writes.
        public typealias Key = AssetType
        /// The encoder.
        public typealias Provider = any ImageEncoding
    }

    /// Data loaders, looked up by lower-cased URL scheme (`http`, `https`, `s3`…).
    public enum Loading: Capability {
        /// A lower-cased URL scheme.
        public typealias Key = String
        /// The loader, long-lived and shared by all requests.
        public typealias Provider = any DataLoading
    }

    /// Processors, looked up by name so that chains can be built from text.
    public enum Processing: Capability {
        /// The processor's name as written in a spec, such as `resize`.
        public typealias Key = String
        /// Builds a processor from its parameters.
        public typealias Provider = @Sendable (ProcessorParameters) throws -> any ImageProcessing
    }

    /// Colour managers, which convert decoded pixels from their profile to sRGB. The newest
    /// registration is used, whatever its keys.
    public enum ColorManagement: Capability {
        /// The colour manager's name.
        public typealias Key = String
        /// The colour manager.
        public typealias Provider = any ColorManaging
    }

    /// Resampling kernels, which make the resampler's output faster on this machine (the same
    /// bytes; see ``ResamplingKernel``). The newest registration is used, whatever its keys.
    public enum Resampling: Capability {
        /// The kernel's name.
        public typealias Key = String
        /// The kernel.
        public typealias Provider = any ResamplingKernel
    }

    /// Memory caches, looked up by name.
    public enum MemoryCaching: Capability {
        /// The cache's name.
        public typealias Key = String
        /// The cache.
        public typealias Provider = any ImageCaching
    }

    /// Disk caches, looked up by name.
    public enum DiskCaching: Capability {
        /// The cache's name.
        public typealias Key = String
        /// The cache.
        public typealias Provider = any DataCaching
    }
}
