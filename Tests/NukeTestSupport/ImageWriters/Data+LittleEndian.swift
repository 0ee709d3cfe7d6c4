#if canImport(FoundationEssentials)
    internal import FoundationEssentials
#else
    internal import Foundation
#endif

extension Data {
    mutating func appendLittleEndian16(_ value: Int) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF)])
    }

    mutating func appendLittleEndian24(_ value: Int) {
        append(contentsOf: [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF)])
    }

    mutating func appendLittleEndian32(_ value: Int) {
        appendLittleEndian24(value)
        append(UInt8((value >> 24) & 0xFF))
    }
}
