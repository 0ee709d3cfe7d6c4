import Foundation
import NukeCore
import NukeFilters
import NukeProcessors

/// NukeProcessors beside Pillow on the same pixels in the same run: a 4032×3024 RGBA image resized
/// to 400 px wide with Lanczos, and a radius-8 Gaussian blur of a 1024×1024 RGBA image.
enum ProcessorBenchmarks {
    static func run() async throws {
        let large = try pattern(width: 4032, height: 3024)
        let resize = ImageProcessors.Resize(width: 400, unit: .pixels)
        let ours = try await measure(
            "NukeProcessors: resize 4032×3024 RGBA → 400 px, Lanczos3",
            operations: 1,
            iterations: 9
        ) {
            _ = try resize.resize(large, scale: 1)
        }
        let square = try pattern(width: 1024, height: 1024)
        let blur = ImageProcessors.GaussianBlur(radius: 8)
        let blurred = await measure("NukeProcessors: Gaussian blur r8, 1024×1024 RGBA", operations: 1, iterations: 9) {
            _ = blur.process(square)
        }
        let sepia = try ImageProcessors.CoreImageFilter(name: "CISepiaTone")
        let photo = try pattern(width: 4000, height: 3000)
        let sepiaTime = try await measure("NukeFilters: CISepiaTone on 12 MP RGBA", operations: 1, iterations: 5) {
            _ = try sepia.apply(photo)
        }
        let script = """
            import time
            from PIL import Image, ImageFilter
            def median(f):
                f(); runs = []
                for _ in range(9):
                    start = time.perf_counter(); f(); runs.append(time.perf_counter() - start)
                return sorted(runs)[4] * 1000
            big = Image.effect_noise((4032, 3024), 64).convert("RGBA")
            square = Image.effect_noise((1024, 1024), 64).convert("RGBA")
            print(median(lambda: big.resize((400, 300), Image.LANCZOS)))
            print(median(lambda: square.filter(ImageFilter.GaussianBlur(8))))
            photo = Image.effect_noise((4000, 3000), 64).convert("RGB")
            sepia = (0.393, 0.769, 0.189, 0, 0.349, 0.686, 0.168, 0, 0.272, 0.534, 0.131, 0)
            print(median(lambda: photo.convert("RGB", sepia)))
            """
        guard let output = try? runPython(script) else {
            print("  Pillow: not installed (pip install pillow)")
            return
        }
        let values = output.split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard values.count == 3 else { return }
        let sepiaMilliseconds = sepiaTime.microsecondsPerOperation / 1000
        print(
            String(
                format: "  → sepia, 12 MP: %.2f× the speed of Pillow convert(RGB, matrix) (%.1f ms vs %.1f ms)",
                values[2] / sepiaMilliseconds,
                sepiaMilliseconds,
                values[2]
            )
        )
        print(
            String(
                format: "  → resize to 400 px: %.2f× the speed of Pillow resize(LANCZOS) (%.1f ms vs %.1f ms)",
                values[0] / (ours.microsecondsPerOperation / 1000),
                ours.microsecondsPerOperation / 1000,
                values[0]
            )
        )
        print(
            String(
                format: "  → Gaussian blur r8: %.2f× the speed of Pillow GaussianBlur(8) (%.1f ms vs %.1f ms)",
                values[1] / (blurred.microsecondsPerOperation / 1000),
                blurred.microsecondsPerOperation / 1000,
                values[1]
            )
        )
    }

    private static func pattern(width: Int, height: Int) throws -> Bitmap {
        try Bitmap(width: width, height: height, pixelFormat: .rgba8, isOpaque: true) { buffer in
            var state: UInt32 = 12345
            for index in stride(from: 0, to: buffer.count, by: 4) {
                state = state &* 1_664_525 &+ 1_013_904_223
                buffer[index] = UInt8(truncatingIfNeeded: state >> 24)
                buffer[index + 1] = UInt8(truncatingIfNeeded: state >> 16)
                buffer[index + 2] = UInt8(truncatingIfNeeded: state >> 8)
                buffer[index + 3] = 255
            }
        }
    }

    private static func runPython(_ script: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: data, as: UTF8.self)
    }
}
