// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

import NukeCore
import NukeHTTP
import Testing

/// The address policy's ranges, edges included, and the IPv4 addresses carried in IPv6.
@Suite struct AddressPolicyTests {
    @Test(
        "publicInternetOnly refuses every non-public range and allows the addresses beside them",
        arguments: [
            ("127.0.0.1", false), ("127.255.255.254", false), ("::1", false),
            ("169.254.169.254", false), ("fe80::1", false),
            ("10.0.0.1", false), ("172.16.0.0", false), ("172.31.255.255", false), ("192.168.1.1", false),
            ("fc00::1", false), ("fdff:ffff::1", false),
            ("100.64.0.0", false), ("100.127.255.255", false),
            ("0.0.0.0", false), ("0.1.2.3", false), ("::", false),
            ("224.0.0.1", false), ("239.255.255.255", false), ("ff02::1", false),
            ("240.0.0.1", false), ("255.255.255.255", false), ("fec0::1", false),
            ("::ffff:127.0.0.1", false), ("::ffff:169.254.169.254", false), ("64:ff9b::10.0.0.1", false),
            ("8.8.8.8", true), ("172.15.255.255", true), ("172.32.0.0", true), ("100.63.255.255", true),
            ("100.128.0.0", true), ("169.253.255.255", true), ("192.169.0.0", true), ("223.255.255.255", true),
            ("2001:4860:4860::8888", true), ("::ffff:8.8.8.8", true), ("64:ff9b::8.8.8.8", true),
            ("fe00::1", true),
        ]
    )
    func publicInternetOnly(address: String, isAllowed: Bool) throws {
        let ip = try #require(IPAddress(address))
        #expect(AddressPolicy.publicInternetOnly.allows(ip) == isAllowed)
        #expect(AddressPolicy.allowAll.allows(ip))
    }

    @Test("Each range can be denied on its own; allowed networks override denials")
    func rangesAndOverrides() throws {
        let loopbackOnly = AddressPolicy(denying: .loopback)
        #expect(!loopbackOnly.allows(try #require(IPAddress("127.0.0.1"))))
        #expect(loopbackOnly.allows(try #require(IPAddress("10.0.0.1"))))
        let custom = AddressPolicy(
            denying: .nonPublic,
            deniedNetworks: [try #require(IPNetwork("203.0.113.0/24"))],
            allowedNetworks: [try #require(IPNetwork("10.1.2.0/24"))]
        )
        #expect(!custom.allows(try #require(IPAddress("203.0.113.9"))))
        #expect(custom.allows(try #require(IPAddress("10.1.2.3"))))
        #expect(custom.allows(try #require(IPAddress("::ffff:10.1.2.3"))), "mapped addresses follow the same rules")
        #expect(!custom.allows(try #require(IPAddress("10.1.3.0"))))
        #expect(!AddressPolicy.allowAll.deniesAnything && custom.deniesAnything)
    }

    @Test("Host names: literals and localhost are judged, other names wait for resolution")
    func hosts() {
        let policy = AddressPolicy.publicInternetOnly
        for host in ["127.0.0.1", "[::1]", "::ffff:127.0.0.1", "localhost", "LOCALHOST.", "a.localhost", "10.0.0.1"] {
            #expect(!policy.allows(host: host), "\(host)")
        }
        for host in ["example.com", "8.8.8.8", "[2001:db8::1]", "localhost.example.com"] {
            #expect(policy.allows(host: host), "\(host)")
        }
    }

    @Test("Parsing and printing addresses and networks")
    func parsing() throws {
        #expect(IPAddress("192.0.2.1")?.bytes == [192, 0, 2, 1])
        #expect(IPAddress("[2001:db8::1]")?.description == "2001:db8::1")
        #expect(IPAddress("::ffff:127.0.0.1")?.embeddedIPv4 == IPAddress("127.0.0.1"))
        for bad in ["", "example.com", "256.0.0.1", "1.2.3", "1.2.3.4.5", "::g", "[::1"] {
            #expect(IPAddress(bad) == nil, "\(bad)")
        }
        #expect(IPNetwork("10.1.2.3/8")?.description == "10.0.0.0/8")
        #expect(IPNetwork("fc00::/7")?.contains(try #require(IPAddress("fd12::1"))) == true)
        #expect(IPNetwork("10.0.0.0/8")?.contains(try #require(IPAddress("::ffff:10.0.0.1"))) == false)
        #expect(IPNetwork("192.0.2.7")?.prefixLength == 32)
        for bad in ["10.0.0.0/33", "10.0.0.0/", "10.0.0.0/+8", "::/129", "x/8", "10.0.0.0/8/8"] {
            #expect(IPNetwork(bad) == nil, "\(bad)")
        }
    }
}
