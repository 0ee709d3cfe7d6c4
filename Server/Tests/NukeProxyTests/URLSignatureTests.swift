// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeProxy
import NukeProxyTestSupport
import Testing

@Suite("imgproxy's URL signatures")
struct URLSignatureTests {
    static let vectorPath = "/rs:fill:300:400:0/g:sm/aHR0cDovL2V4YW1w/bGUuY29tL2ltYWdl/cy9jdXJpb3NpdHku/anBn.png"
    @Test("imgproxy's published test vector")
    func publishedVector() throws {
        let signature = URLSignature(keys: [ProxyFixture.secret])
        #expect(
            signature.signature(of: Self.vectorPath, key: ProxyFixture.secret)
                == "oKfUtW34Dvo2BGQehJFR4Nr0_rIjOtdtzJ3QFsUcXH8"
        )
        #expect(signature.isValid("oKfUtW34Dvo2BGQehJFR4Nr0_rIjOtdtzJ3QFsUcXH8", for: Self.vectorPath))
        #expect(signature.sign(Self.vectorPath) == "/oKfUtW34Dvo2BGQehJFR4Nr0_rIjOtdtzJ3QFsUcXH8" + Self.vectorPath)
    }

    @Test("The same key and salt written in hex, as imgproxy's settings are")
    func hexKeys() throws {
        let key = try URLSignature.Key(hexKey: "736563726574", hexSalt: "68656C6C6F")
        #expect(URLSignature(keys: [key]).isValid("oKfUtW34Dvo2BGQehJFR4Nr0_rIjOtdtzJ3QFsUcXH8", for: Self.vectorPath))
        #expect(throws: URLSignatureError.invalidHex) { try URLSignature.Key(hexKey: "abc", hexSalt: "") }
        #expect(throws: URLSignatureError.invalidHex) { try URLSignature.Key(hexKey: "zz", hexSalt: "") }
        #expect(throws: URLSignatureError.invalidHex) { try URLSignature.Key(hexKey: "", hexSalt: "00") }
    }

    @Test("Rotation: a signature made with any configured key is accepted; the first key signs")
    func rotation() throws {
        let old = URLSignature.Key(key: Array("old".utf8), salt: Array("s1".utf8))
        let signedWithOld = URLSignature(keys: [old]).sign("/w:100/plain/http://a/b.jpg")
        let rotated = URLSignature(keys: [ProxyFixture.secret, old])
        let parts = signedWithOld.split(separator: "/", maxSplits: 2)
        #expect(rotated.isValid(String(parts[0]), for: "/" + parts[1] + "/" + parts[2]))
        #expect(rotated.sign("/x") == URLSignature(keys: [ProxyFixture.secret]).sign("/x"))
        #expect(
            !URLSignature(keys: [ProxyFixture.secret]).isValid(String(parts[0]), for: "/" + parts[1] + "/" + parts[2])
        )
    }

    @Test("Tampering with the path, a wrong length, padding or bad base64 is refused")
    func refusals() {
        let signature = URLSignature(keys: [ProxyFixture.secret])
        let valid = "oKfUtW34Dvo2BGQehJFR4Nr0_rIjOtdtzJ3QFsUcXH8"
        #expect(!signature.isValid(valid, for: Self.vectorPath.replacingOccurrences(of: "300", with: "301")))
        #expect(!signature.isValid(String(valid.dropLast()), for: Self.vectorPath))
        #expect(!signature.isValid(valid + "A", for: Self.vectorPath))
        #expect(!signature.isValid("!!!", for: Self.vectorPath))
        #expect(!signature.isValid("", for: Self.vectorPath))
        #expect(!URLSignature(keys: []).isValid(valid, for: Self.vectorPath))
    }

    @Test("Truncated signatures (IMGPROXY_SIGNATURE_SIZE) carry the first bytes of the MAC")
    func truncated() {
        let signature = URLSignature(keys: [ProxyFixture.secret], size: 8)
        let short = signature.signature(of: Self.vectorPath, key: ProxyFixture.secret)
        #expect(short == "oKfUtW34Dvo")
        #expect(signature.isValid(short, for: Self.vectorPath))
        #expect(!URLSignature(keys: [ProxyFixture.secret]).isValid(short, for: Self.vectorPath))
    }
}
