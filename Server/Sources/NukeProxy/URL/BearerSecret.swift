// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Crypto
import Foundation

/// imgproxy's `IMGPROXY_SECRET`: a token every request must carry as `Authorization: Bearer …`;
/// and the constant-time comparison of tokens (trusted signatures too).
enum BearerSecret {
    /// Whether `authorization` (the header's value) is `Bearer <secret>`. The two are compared as
    /// SHA-256 digests, byte by byte to the end, so that neither where they differ nor the
    /// token's length shows in the time taken.
    static func authorizes(_ authorization: String?, secret: String) -> Bool {
        guard let authorization, authorization.count > 7,
            authorization.prefix(7).lowercased() == "bearer "
        else { return false }
        return equal(authorization.dropFirst(7), secret)
    }

    /// Whether two tokens are equal, compared as SHA-256 digests to the last byte.
    static func equal(_ presented: some StringProtocol, _ expected: some StringProtocol) -> Bool {
        let (left, right) = (SHA256.hash(data: Data(presented.utf8)), SHA256.hash(data: Data(expected.utf8)))
        return zip(left, right).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
