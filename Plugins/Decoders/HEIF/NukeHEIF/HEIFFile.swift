// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeLibHEIF
internal import NukeCore
internal import NukeImaging

#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

/// A HEIF file read by libheif: its context over the file's bytes and its primary image. Used by
/// one thread at a time.
final class HEIFFile {
    /// libheif's plug-ins (its codecs) are registered once per process.
    static let initialized: Void = { _ = heif_init(nil) }()

    private let context: OpaquePointer
    let primary: HEIFImage
    /// The canvases the file's derived images declare, which libheif allocates as declared.
    let canvases: [HEIFCanvases.Canvas]
    /// The pictures the HEVC decoder allocates, as the file's parameter sets declare them.
    let codedPictures: HEIFCodedPictures
    /// The most coded images libheif decodes for one image of the file (a grid's tiles, each
    /// time one is used, and alpha planes).
    let mostCodedImagesDecoded: Int

    /// Reads the file's boxes (no image data is decoded yet); no image of more than
    /// `maximumPixelCount` pixels can have a side longer than that.
    init(data: Data, maximumPixelCount: Int) throws {
        _ = Self.initialized
        guard data.count >= 12, data.dropFirst(4).prefix(4).elementsEqual("ftyp".utf8) else {
            throw ImageDecodingError.unrecognizedFormat
        }
        let bytes = [UInt8](data)  // for the checks, which read the boxes before libheif does
        let references = HEIFItemReferences(bytes)
        try references.check()
        mostCodedImagesDecoded = references.mostCodedImagesDecoded()
        let items = HEIFItems.all(in: bytes)
        // libheif would hand an AV1-coded item to an AV1 decoder, whose pictures nothing here reads.
        guard !items.contains(where: { $0.contains(type: "av01") }) else {
            throw ImageDecodingError.unsupported(reason: "AV1-coded images in a HEIF file are AVIF's, not HEIC's")
        }
        canvases = HEIFCanvases(bytes, items: items).canvases
        codedPictures = HEIFCodedPictures(bytes, items: items)
        guard let context = heif_context_alloc() else {
            throw ImageDecodingError.corrupt(reason: "libheif could not create a context")
        }
        // An initializer that throws before every property is set never reaches `deinit`.
        var isInitialized = false
        defer { if !isInitialized { heif_context_free(context) } }
        // libheif's own limit refuses large images before their size can be reported; the
        // decoder checks the size against the pipeline's limit itself.
        heif_context_set_maximum_image_size_limit(context, Int32.max)
        // Decoding runs on the pipeline's decoding queue already: tiles on this thread.
        heif_context_set_max_decoding_threads(context, 0)
        // libheif copies the bytes: the context outlives this call.
        try data.withUnsafeBytes { bytes in
            try heif_context_read_from_memory(context, bytes.baseAddress, bytes.count, nil).check()
        }
        var handle: OpaquePointer?
        try heif_context_get_primary_image_handle(context, &handle).check()
        // What libheif allocates while decoding (tiles, canvases) is then held to the longest
        // side an image within the pixel limit can have: a second line behind the decoder's own
        // checks of every canvas the file declares.
        heif_context_set_maximum_image_size_limit(context, Int32(clamping: maximumPixelCount))
        guard let handle else { throw ImageDecodingError.corrupt(reason: "the HEIF file has no primary image") }
        self.context = context
        primary = HEIFImage(handle: handle)
        isInitialized = true
    }

    deinit {
        heif_context_free(context)
    }
}

/// One image of a HEIF file (the primary image or a thumbnail).
final class HEIFImage {
    private let handle: OpaquePointer

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        heif_image_handle_release(handle)
    }

    /// The size after the file's transforms (crop, rotation, mirror).
    var width: Int { Int(heif_image_handle_get_width(handle)) }
    var height: Int { Int(heif_image_handle_get_height(handle)) }
    /// The coded size, before the transforms.
    var codedWidth: Int { Int(heif_image_handle_get_ispe_width(handle)) }
    var codedHeight: Int { Int(heif_image_handle_get_ispe_height(handle)) }
    var hasAlpha: Bool { heif_image_handle_has_alpha_channel(handle) != 0 }
    private var isPremultiplied: Bool { heif_image_handle_is_premultiplied_alpha(handle) != 0 }

    /// The image's ICC profile, if it has one.
    var iccProfile: Data? {
        let type = heif_image_handle_get_color_profile_type(handle)
        guard type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC else { return nil }
        let size = heif_image_handle_get_raw_color_profile_size(handle)
        guard size > 0 else { return nil }
        var profile = Data(count: size)
        let error = profile.withUnsafeMutableBytes { heif_image_handle_get_raw_color_profile(handle, $0.baseAddress) }
        return error.code == heif_error_Ok ? profile : nil
    }

    /// The image's first `Exif` metadata block as the file stores it (a 4-byte offset, then the
    /// TIFF structure), if it has one; never more bytes than the file has.
    var exifPayload: Data? {
        var id = heif_item_id()
        guard heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &id, 1) == 1 else { return nil }
        let size = heif_image_handle_get_metadata_size(handle, id)
        guard size > 0 else { return nil }
        var payload = Data(count: size)
        let error = payload.withUnsafeMutableBytes { heif_image_handle_get_metadata(handle, id, $0.baseAddress) }
        return error.code == heif_error_Ok ? payload : nil
    }

    /// The colour code points of an `nclx` profile, when the image has no ICC profile.
    var cicp: CICP? {
        guard heif_image_handle_get_color_profile_type(handle) == heif_color_profile_type_nclx else { return nil }
        var nclx: UnsafeMutablePointer<heif_color_profile_nclx>?
        guard heif_image_handle_get_nclx_color_profile(handle, &nclx).code == heif_error_Ok, let nclx else {
            return nil
        }
        defer { heif_nclx_color_profile_free(nclx) }
        return CICP(
            colorPrimaries: Int(nclx.pointee.color_primaries.rawValue),
            transferCharacteristics: Int(nclx.pointee.transfer_characteristics.rawValue)
        )
    }

    /// The embedded thumbnails, largest first.
    func thumbnails() -> [HEIFImage] {
        let count = Int(heif_image_handle_get_number_of_thumbnails(handle))
        guard count > 0 else { return [] }
        var ids = [heif_item_id](repeating: 0, count: count)
        let listed = Int(heif_image_handle_get_list_of_thumbnail_IDs(handle, &ids, Int32(count)))
        return ids.prefix(listed).compactMap { id -> HEIFImage? in
            var thumbnail: OpaquePointer?
            guard heif_image_handle_get_thumbnail(handle, id, &thumbnail).code == heif_error_Ok, let thumbnail else {
                return nil
            }
            return HEIFImage(handle: thumbnail)
        }.sorted { $0.width * $0.height > $1.width * $1.height }
    }

    /// Decodes the image to straight-alpha RGBA, 8 bits a channel, transforms applied.
    func decode() throws -> Bitmap {
        guard let options = heif_decoding_options_alloc() else {
            throw ImageDecodingError.corrupt(reason: "libheif could not allocate options")
        }
        defer { heif_decoding_options_free(options) }
        options.pointee.convert_hdr_to_8bit = 1
        var decoded: OpaquePointer?
        try heif_decode_image(handle, &decoded, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, options).check()
        guard let decoded else { throw ImageDecodingError.corrupt(reason: "libheif decoded nothing") }
        defer { heif_image_release(decoded) }
        let (width, height) = (
            Int(heif_image_get_width(decoded, heif_channel_interleaved)),
            Int(heif_image_get_height(decoded, heif_channel_interleaved))
        )
        guard width == self.width, height == self.height else {
            throw ImageDecodingError.corrupt(
                reason: "decoded \(width)×\(height) pixels of an image of \(self.width)×\(self.height)"
            )
        }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(decoded, heif_channel_interleaved, &stride),
            Int(stride) >= width * 4
        else { throw ImageDecodingError.corrupt(reason: "libheif gave no RGBA plane") }
        let unpremultiplies = hasAlpha && isPremultiplied
        return try Bitmap(width: width, height: height, pixelFormat: .rgba8, isOpaque: hasAlpha ? nil : true) {
            buffer in
            let rowBytes = width * 4
            for row in 0..<height {
                let target = buffer.baseAddress! + row * rowBytes
                target.update(from: plane + row * Int(stride), count: rowBytes)
                if unpremultiplies { UnsafeMutableBufferPointer(start: target, count: rowBytes).unpremultiplyRGBA() }
            }
        }
    }

}
