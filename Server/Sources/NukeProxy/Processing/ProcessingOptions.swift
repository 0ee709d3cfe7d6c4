// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Nuke

/// What a proxy URL asks for, read from its options (imgproxy's names and short forms) after
/// the `default` preset.
public struct ProcessingOptions: Hashable, Sendable {
    /// How the image is fitted to the size (`rt`, or `rs`'s first argument).
    public var resizingType = ResizingType.fit
    /// The width in CSS pixels; 0 leaves it free (`w`).
    public var width = 0
    /// The height in CSS pixels; 0 leaves it free (`h`).
    public var height = 0
    /// Whether images smaller than the size are enlarged (`el`).
    public var enlarge = false
    /// A result smaller than the size is placed on a canvas of that size (`ex`, or `rs`'s
    /// fifth argument); `nil` leaves it smaller.
    public var extend: Extend?
    /// A result of another aspect ratio than the size's is placed on the smallest canvas of the
    /// size's aspect ratio that holds it (`exar`); `nil` leaves it as it is.
    public var extendAspectRatio: Extend?
    /// The least width in CSS pixels the image is scaled to, even past its own; the result is
    /// still cropped to ``width`` by a fill (`mw`, 0 for none).
    public var minimumWidth = 0
    /// The least height in CSS pixels the image is scaled to, even past its own (`mh`, 0 for
    /// none).
    public var minimumHeight = 0
    /// Multiplies the horizontal scale and the width (`z`); unlike ``devicePixelRatio``, not
    /// offsets or paddings.
    public var zoomX = 1.0
    /// Multiplies the vertical scale and the height (`z`).
    public var zoomY = 1.0
    /// Which part a crop keeps (`g`).
    public var gravity = Gravity.center
    /// Device pixel ratio: the size is multiplied by it (`dpr`, above 0, at most 8).
    public var devicePixelRatio = 1.0
    /// Encoding quality 1–100 (`q`); `nil` for ``formatQualities``' or the server's default.
    public var quality: Int?
    /// Quality 1–100 per output format, used when `q` is not given (`fq:jpg:80:webp:70`).
    public var formatQualities: [OutputFormat: Int] = [:]
    /// The output format (`f`, `ext`, or the URL's extension); `nil` to negotiate.
    public var format: OutputFormat?
    /// The most bytes a JPEG, WebP or AVIF result may have: it is encoded again at lower
    /// qualities until it fits (`mb`); `nil` for no limit.
    public var maximumBytes: Int?
    /// Gaussian blur sigma in pixels (`bl`); 0 for none.
    public var blur = 0.0
    /// Unsharp-mask sigma in pixels (`sh`); 0 for none.
    public var sharpen = 0.0
    /// Whether the image is turned upright by its EXIF orientation, as decoders do (`ar`, on by
    /// default); off, it is processed as the file stores it.
    public var autoRotates = true
    /// Clockwise rotation in degrees, a multiple of 90 (`rot`), applied before resizing.
    public var rotation = 0
    /// Mirror left to right (`fl`'s first argument), before resizing.
    public var flipsHorizontally = false
    /// Mirror top to bottom (`fl`'s second argument), before resizing.
    public var flipsVertically = false
    /// The colour transparent results are flattened onto (`bg`: `R:G:B` or a hex colour); `nil`
    /// keeps transparency.
    public var background: ImageProcessingOptions.Color?
    /// The side of pixelation blocks (`pix`); 0 or 1 for none.
    public var pixelate = 0
    /// Uniform borders cut away before resizing (`t`); `nil` for none.
    public var trim: Trim?
    /// The area of the source kept before resizing (`c`); `nil` for all of it.
    public var crop: Crop?
    /// A border around the result in CSS pixels, in `bg`'s colour or transparent (`pd`, CSS
    /// order: top, right, bottom, left); `nil` for none.
    public var padding: Padding?
    /// The server's watermark drawn over the result (`wm`); `nil` for none.
    public var watermark: Watermark?
    /// A processor chain in this library's text syntax (`nuke:resize(width:100)|…`).
    public var processorSpec: String?
    /// Sources in these formats are served as they are, unprocessed, when the result would be in
    /// their format anyway (`skp:jpg:gif`).
    public var skippedFormats: Set<OutputFormat> = []
    /// Whether the source is served as it is, whatever its format and the other options (`raw`).
    public var isRaw = false
    /// Whether the result should keep a source's high bit depth (`ph`, imgproxy's "when
    /// possible"): results here are 8 bits a channel in every format, so it changes nothing and
    /// is not part of the result's cache key.
    public var preservesHDR = false
    /// Whether results leave the source's metadata out (`sm`, on by default): off, a JPEG
    /// source's EXIF goes into JPEG, PNG and WebP results (orientation 1, no thumbnail).
    public var stripsMetadata = true
    /// Whether stripping keeps the EXIF Artist and Copyright (`kcr`, on by default, as in
    /// imgproxy).
    public var keepsCopyright = true
    /// Whether the result keeps the source's colour profile (`scp:0`): its pixels stay in the
    /// source's colours and the ICC profile goes into the result. Off (`scp:1`, the default),
    /// colours are converted to sRGB and no profile is sent.
    public var keepsColorProfile = false
    /// Whether a source with an embedded thumbnail is made from it instead of its main image,
    /// whatever the thumbnail's size (`eth`, or `et`; HEIC sources).
    public var enforcesThumbnail = false
    /// Any text; changes the URL and so the cache key, nothing else (`cb`).
    public var cacheBuster = ""
    /// When the URL stops being served, in seconds since 1970 (`exp`); `nil` for never. As in
    /// imgproxy, 0 or less never expires but is served with `max-age=0`.
    public var expires: Int64?
    /// The result's file name without extension (`fn`; URL-safe base64 of UTF-8 when its second
    /// argument is true); `nil` for the source's.
    public var filename: String?
    /// Whether the result is sent as an attachment, which browsers download (`att`).
    public var returnsAttachment = false
    /// Limits the URL sets in place of the server's (`msr`, `msfs`, `maf`, `mrd`): honoured
    /// only when the server allows security options, else the URL is refused.
    public var limits = Limits()

    /// The defaults: fit, no size, no effects.
    public init() {}

    /// `ex:%extend:%gravity`: where a result smaller than the size sits on a canvas of that size.
    public struct Extend: Hashable, Sendable {
        /// Where the image sits; `nil` for the centre.
        public var gravity: Gravity?

        /// Creates the option.
        public init(gravity: Gravity? = nil) {
            self.gravity = gravity
        }
    }

    /// imgproxy's security options: each replaces the server's limit of the same kind for one
    /// URL, higher or lower; `nil` keeps the server's.
    public struct Limits: Hashable, Sendable {
        /// The most pixels of the source, each frame of an animation (`msr`, in megapixels).
        public var maximumSourcePixels: Int?
        /// The most bytes of the source (`msfs`).
        public var maximumSourceBytes: Int?
        /// The most frames of an animated source (`maf`).
        public var maximumAnimationFrames: Int?
        /// The largest result width or height, in pixels (`mrd`).
        public var maximumResultDimension: Int?
        /// The most pixels of each frame of an animated source (`mafr`, in megapixels), which
        /// then replaces ``maximumSourcePixels`` for animations, as in imgproxy.
        public var maximumAnimationFramePixels: Int?

        /// No limit set: the server's apply.
        public init() {}

        /// Whether the URL sets none.
        public var isEmpty: Bool { self == Self() }
    }

    /// `pd:%top:%right:%bottom:%left`, in CSS pixels: a missing right is the top, a missing
    /// bottom the top, a missing left the right.
    public struct Padding: Hashable, Sendable {
        /// Above the image.
        public var top: Int
        /// Right of it.
        public var right: Int
        /// Below it.
        public var bottom: Int
        /// Left of it.
        public var left: Int

        /// Creates the option.
        public init(top: Int, right: Int, bottom: Int, left: Int) {
            (self.top, self.right, self.bottom, self.left) = (top, right, bottom, left)
        }
    }

    /// `c:%width:%height:%gravity`: the area of the source kept before resizing.
    public struct Crop: Hashable, Sendable {
        /// Pixels, a fraction of the source's width (below 1), or 0 for all of it.
        public var width: Double
        /// Pixels, a fraction of the source's height (below 1), or 0 for all of it.
        public var height: Double
        /// Where the area is taken from; `nil` for the `g` option's gravity.
        public var gravity: Gravity?

        /// Creates the option.
        public init(width: Double, height: Double, gravity: Gravity? = nil) {
            self.width = width
            self.height = height
            self.gravity = gravity
        }
    }

    /// `t:%threshold:%color:%equal_hor:%equal_ver`: cut borders within `threshold` levels of
    /// `color` (the top-left pixel's when `nil`), each pair of opposite sides by the same amount
    /// when asked.
    public struct Trim: Hashable, Sendable {
        /// Levels, 0–255.
        public var threshold: Int
        /// The border colour, or `nil` for the top-left pixel's.
        public var color: ImageProcessingOptions.Color?
        /// Whether the left and right borders are cut by the same amount (`equal_hor`).
        public var equalHorizontal: Bool
        /// Whether the top and bottom borders are cut by the same amount (`equal_ver`).
        public var equalVertical: Bool

        /// Creates the option.
        public init(
            threshold: Int,
            color: ImageProcessingOptions.Color? = nil,
            equalHorizontal: Bool = false,
            equalVertical: Bool = false
        ) {
            self.threshold = threshold
            self.color = color
            self.equalHorizontal = equalHorizontal
            self.equalVertical = equalVertical
        }
    }

    /// `wm:%opacity:%position:%x_offset:%y_offset:%scale`, imgproxy's watermark option.
    public struct Watermark: Hashable, Sendable {
        /// Multiplies the configured watermark's opacity, 0–1.
        public var opacity: Double
        /// Where it goes (`ce` by default); `nil` tiles it across the result (`re`).
        public var position: Gravity.Anchor?
        /// Pixels from the left or right edge it is attached to, or between -1 and 1 a fraction of
        /// the result's width; the horizontal gap between tiles when tiled.
        public var xOffset: Double
        /// Pixels from the top or bottom edge it is attached to, or between -1 and 1 a fraction of
        /// the result's height; the vertical gap between tiles when tiled.
        public var yOffset: Double
        /// The fraction of the result it is fitted into, or `nil` to keep its size.
        public var scale: Double?

        /// Creates the option.
        public init(
            opacity: Double,
            position: Gravity.Anchor? = .center,
            xOffset: Double = 0,
            yOffset: Double = 0,
            scale: Double? = nil
        ) {
            self.opacity = opacity
            self.position = position
            self.xOffset = xOffset
            self.yOffset = yOffset
            self.scale = scale
        }
    }

    /// The width and height in output pixels (multiplied by the pixel ratio), each at most
    /// `Int32.max` (a larger size, which no limit allows, is not computed past it).
    public var pixelSize: (width: Int, height: Int) {
        (pixels(width), pixels(height))
    }

    /// ``pixelSize`` times the zoom: the canvas `ex` and `exar` extend to.
    public var zoomedPixelSize: (width: Int, height: Int) {
        (pixels(width, times: zoomX), pixels(height, times: zoomY))
    }

    /// ``minimumWidth`` and ``minimumHeight`` in output pixels.
    public var minimumPixelSize: (width: Int, height: Int) {
        (pixels(minimumWidth), pixels(minimumHeight))
    }

    /// `side` CSS pixels times the pixel ratio and `factor`, at most `Int32.max`, and at least 1
    /// when `side` is (a small ratio never makes a side free).
    private func pixels(_ side: Int, times factor: Double = 1) -> Int {
        guard side > 0 else { return 0 }
        return max(1, Int(min(Double(Int32.max), (Double(side) * devicePixelRatio * factor).rounded())))
    }
}
