// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension AWSCredentials {
    /// The credentials the AWS tools would use, looked up as they look them up: the environment
    /// (`AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`), then the shared
    /// credentials file (`AWS_SHARED_CREDENTIALS_FILE`, else `~/.aws/credentials`) for the profile
    /// `AWS_PROFILE` names (else `default`). `nil` when neither has any.
    ///
    /// - Throws: ``AWSCredentialsError`` when the environment names a profile the file does not
    ///   have, or holds half a key.
    public static func discover(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(AWSCredentialsError) -> AWSCredentials? {
        if let fromEnvironment = try Self.fromEnvironment(environment) { return fromEnvironment }
        let path =
            environment["AWS_SHARED_CREDENTIALS_FILE"]
            ?? environment["HOME"].map { $0 + "/.aws/credentials" }
        let profile = environment["AWS_PROFILE"].flatMap { $0.isEmpty ? nil : $0 }
        guard let path, let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            if let profile { throw .profileNotFound(profile) }
            return nil
        }
        let found = try fromSharedFile(text, profile: profile ?? "default")
        if found == nil, let profile { throw .profileNotFound(profile) }
        return found
    }

    /// The key in `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` (with `AWS_SESSION_TOKEN`, if
    /// set), or `nil` when neither is set.
    ///
    /// - Throws: ``AWSCredentialsError/incomplete(_:)`` when only one of the two is.
    public static func fromEnvironment(_ environment: [String: String]) throws(AWSCredentialsError) -> AWSCredentials? {
        let id = environment["AWS_ACCESS_KEY_ID"].flatMap { $0.isEmpty ? nil : $0 }
        let secret = environment["AWS_SECRET_ACCESS_KEY"].flatMap { $0.isEmpty ? nil : $0 }
        switch (id, secret) {
        case (nil, nil): return nil
        case (let id?, let secret?):
            let token = environment["AWS_SESSION_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
            return AWSCredentials(accessKeyID: id, secretAccessKey: secret, sessionToken: token)
        default: throw .incomplete("the environment")
        }
    }

    /// The key of `profile` in the text of a shared credentials file (INI: `[profile]` sections
    /// of `aws_access_key_id`, `aws_secret_access_key`, `aws_session_token`), or `nil` when the
    /// file has no such section.
    ///
    /// - Throws: ``AWSCredentialsError/incomplete(_:)`` when the section lacks the ID or secret.
    public static func fromSharedFile(_ text: String, profile: String) throws(AWSCredentialsError) -> AWSCredentials? {
        var section: String?
        var values: [String: String]?
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = trimmed(rawLine)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                section = trimmed(line.dropFirst().dropLast())
                if section == profile, values == nil { values = [:] }
                continue
            }
            guard section == profile, let equals = line.firstIndex(of: "=") else { continue }
            let name = trimmed(line[..<equals]).lowercased()
            values?[name] = trimmed(line[line.index(after: equals)...])
        }
        guard let values else { return nil }
        guard let id = values["aws_access_key_id"], let secret = values["aws_secret_access_key"],
            !id.isEmpty, !secret.isEmpty
        else { throw .incomplete("profile \(profile)") }
        let token = values["aws_session_token"].flatMap { $0.isEmpty ? nil : $0 }
        return AWSCredentials(accessKeyID: id, secretAccessKey: secret, sessionToken: token)
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

/// Credentials that were asked for and cannot be read; the message never holds a secret.
public enum AWSCredentialsError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `AWS_PROFILE` (or the profile asked for) names no section of the credentials file.
    case profileNotFound(String)
    /// An access key ID without its secret, or the other way round, in the place named.
    case incomplete(String)

    /// A sentence for the operator.
    public var description: String {
        switch self {
        case .profileNotFound(let profile): "the AWS credentials file has no profile '\(profile)'"
        case .incomplete(let place): "\(place) holds an AWS access key ID or secret without the other"
        }
    }
}
