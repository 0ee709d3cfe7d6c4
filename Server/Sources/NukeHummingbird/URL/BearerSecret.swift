// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import Crypto
import Foundation

/// imgproxy's `IMGPROXY_SECRET`: a token every request must carry as `Authorization: Bearer …`.
enum BearerSecret {
    /// Whether `authorization` (the header's value) is `Bearer <secret>`. The two are compared as
    /// SHA-256 digests, byte by byte to the end, so that neither where they differ nor the
    /// token's length shows in the time taken.
    static func authorizes(_ authorization: String?, secret: String) -> Bool {
        guard let authorization, authorization.count > 7,
            authorization.prefix(7).lowercased() == "bearer "
        else { return false }
        let presented = SHA256.hash(data: Data(authorization.dropFirst(7).utf8))
        let expected = SHA256.hash(data: Data(secret.utf8))
        return zip(presented, expected).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
