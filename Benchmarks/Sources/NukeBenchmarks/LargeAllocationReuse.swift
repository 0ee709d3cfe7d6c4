// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(Glibc)
    import Glibc
#endif

/// A process-wide setting for programs that decode image after image: glibc's allocator keeps
/// large freed blocks for reuse instead of returning them to the kernel.
///
/// By default glibc serves every block over 128 KiB–32 MiB with its own `mmap` and unmaps it
/// when freed, so each decode of a large image pays the kernel to map, fault in and zero its
/// buffers again — libjpeg's whole-image coefficient buffers of a progressive JPEG (tens of
/// megabytes), bitmaps, resampling rows. A thumbnail service spends up to half its time there.
/// Calling ``enable(upTo:)`` once at startup raises glibc's `M_MMAP_THRESHOLD` and
/// `M_TRIM_THRESHOLD`, so such blocks come from the heap and are reused; the price is that the
/// process keeps up to that much freed memory per allocation arena (one per core at most, with
/// the worker pool's threads).
///
/// A library must not change a process's allocator on its own, and neither does the `nuke` tool:
/// the retained blocks raise the peak memory of a process that also downloads large bodies (a
/// growing buffer leaves its smaller copies behind). It lives here, for the shrink benchmark's
/// second pass; a service gets the same without code from glibc's tunables
/// (`GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=67108864`).
enum LargeAllocationReuse {
    /// Keeps freed blocks up to `bytes` (default 32 MiB, at most 512 MiB) for reuse. Returns
    /// `false` where the C library offers no such setting (not glibc).
    @discardableResult
    static func enable(upTo bytes: Int = 32 << 20) -> Bool {
        #if canImport(Glibc)
            // `mallopt` is declared in <malloc.h>, which the Glibc module does not export; the
            // option numbers are glibc's stable ABI (M_TRIM_THRESHOLD -1, M_MMAP_THRESHOLD -3).
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            let limit = Int32(min(max(bytes, 128 << 10), 512 << 20))
            return mallopt(-3, limit) == 1 && mallopt(-1, limit * 2) == 1
        #else
            return false
        #endif
    }
}
