// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

extension String {
    /// The string without leading and trailing whitespace (for spec and header parsers in this
    /// package, which cannot use Foundation's `trimmingCharacters` on FoundationEssentials).
    package func trimmingWhitespace() -> String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
