// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import Foundation
internal import Synchronization

#if canImport(Glibc)
    internal import Glibc
#endif

/// An S3-compatible store for the tests: moto's standalone server (`moto_server`, from PyPI's
/// `moto[server]`), started on a loopback port, checking every request's AWS Signature V4 against
/// the keys it issued. It starts with an IAM user allowed everything and that user's access key
/// (``accessKeyID``, ``secretAccessKey``); buckets and objects are made with that key through
/// boto3 (which moto installs). Killed when released; ``kill()`` and ``start(buckets:)`` stop it and
/// start it again, empty, on the same port.
public final class MotoS3Server: Sendable {
    /// Where `moto_server` is: `NUKE_MOTO_SERVER`, else the README's virtual environment
    /// (`~/.cache/nuke-moto/bin/moto_server`), else the first on `PATH`.
    public static let executablePath: String? = {
        let environment = ProcessInfo.processInfo.environment
        var candidates = [environment["NUKE_MOTO_SERVER"]]
        candidates.append(environment["HOME"].map { $0 + "/.cache/nuke-moto/bin/moto_server" })
        candidates += (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/moto_server" }
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Whether moto is installed.
    public static var isAvailable: Bool { executablePath != nil }

    /// The port, at `127.0.0.1`, chosen by the server when it first starts.
    public let port: UInt16
    /// `http://127.0.0.1:<port>`.
    public var endpoint: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// The region the store signs for.
    public let region = "us-east-1"
    /// The access key's ID, issued by this server's IAM at the last start.
    public var accessKeyID: String { key.withLock { $0.id } }
    /// The access key's secret.
    public var secretAccessKey: String { key.withLock { $0.secret } }

    private let executable: String
    private let checksSignatures: Bool
    private let process = Mutex<ChildProcess?>(nil)
    private let directory: TemporaryDirectory
    private let key = Mutex<(id: String, secret: String)>(("", ""))

    /// Starts a server and makes `buckets` in it. With `checksSignatures` off, any signature is
    /// accepted, so that a client keeps working across ``kill()`` and ``start(buckets:)`` (which
    /// makes a new key).
    public init(buckets: [String] = [], checksSignatures: Bool = true) throws(HTTPTestServerError) {
        guard let executable = Self.executablePath else { throw .helperFailed("moto_server is not installed") }
        self.executable = executable
        self.checksSignatures = checksSignatures
        do {
            directory = try TemporaryDirectory(prefix: "nuke-moto")
        } catch {
            throw .helperFailed("no temporary directory: \(error)")
        }
        // Port 0: the server binds a free port itself and says which. A port probed here and
        // closed again could be taken by another server started at the same moment, whose moto
        // would then answer both.
        let (process, port) = try Self.launch(executable, on: 0, checksSignatures: checksSignatures, in: directory)
        self.port = port
        self.process.withLock { $0 = process }
        try bootstrap(buckets: buckets)
    }

    deinit {
        kill()
    }

    /// Starts the server again, after ``kill()``, on the same port with a new key and `buckets`.
    public func start(buckets: [String] = []) throws(HTTPTestServerError) {
        let (process, _) = try Self.launch(executable, on: port, checksSignatures: checksSignatures, in: directory)
        self.process.withLock { $0 = process }
        try bootstrap(buckets: buckets)
    }

    /// Starts `executable` on `port` (0: a free one) and returns it with the port it announces
    /// once it listens.
    private static func launch(
        _ executable: String,
        on port: UInt16,
        checksSignatures: Bool,
        in directory: TemporaryDirectory
    ) throws(HTTPTestServerError) -> (ChildProcess, port: UInt16) {
        // The first three actions (making the user, its policy and its key) need no signature;
        // every later one is checked.
        let environment = checksSignatures ? ["INITIAL_NO_AUTH_ACTION_COUNT": "3"] : [:]
        let process: ChildProcess
        do {
            process = try ChildProcess(
                URL(fileURLWithPath: executable),
                ["-H", "127.0.0.1", "-p", "\(port)"],
                environment: environment,
                in: directory
            )
        } catch {
            throw .helperFailed("moto_server did not start: \(error)")
        }
        let deadline = Date() + 30
        while Date() < deadline, process.isRunning {
            if let announced = announcedPort(in: process.errors), Socket.canConnect(toPort: announced) {
                return (process, announced)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let errors = process.errors
        process.signal(SIGKILL)
        _ = process.waitForExit()
        throw .helperFailed("moto_server did not listen: \(errors)")
    }

    /// The port in werkzeug's ` * Running on http://127.0.0.1:<port>` line, once it is written.
    private static func announcedPort(in log: String) -> UInt16? {
        let marker = "Running on http://127.0.0.1:"
        guard let range = log.firstRange(of: marker) else { return nil }
        let digits = log[range.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard log[range.upperBound...].dropFirst(digits.count).first?.isNewline == true else { return nil }
        return UInt16(digits)
    }

    /// Makes the IAM user and its key, and `buckets` with that key.
    private func bootstrap(buckets: [String]) throws(HTTPTestServerError) {
        let lines = try runPython(Self.bootstrap, arguments: buckets).split(separator: "\n")
        guard lines.count == 2 else { throw .helperFailed("moto's IAM gave no access key") }
        key.withLock { $0 = (String(lines[0]), String(lines[1])) }
    }

    /// Stores `objects` (bucket, key, bytes) with the access key, as a client would, each with
    /// `cacheControl` as its `Cache-Control` when given (the store serves it back).
    public func put(
        _ objects: [(bucket: String, key: String, data: Data)],
        cacheControl: String? = nil
    ) throws(HTTPTestServerError) {
        let directory: TemporaryDirectory
        do {
            directory = try TemporaryDirectory(prefix: "nuke-moto")
            var arguments: [String] = []
            for (index, object) in objects.enumerated() {
                let file = directory.appending("\(index)")
                try object.data.write(to: file)
                arguments += [object.bucket, object.key, file.path]
            }
            _ = try runPython(Self.upload, arguments: [accessKeyID, secretAccessKey, cacheControl ?? ""] + arguments)
        } catch let error as HTTPTestServerError {
            throw error
        } catch {
            throw .helperFailed("objects not written: \(error)")
        }
    }

    /// The bytes of `key` in `bucket`, or `nil` when there is no such object.
    public func get(bucket: String, key: String) throws(HTTPTestServerError) -> Data? {
        let text = try runPython(Self.download, arguments: [accessKeyID, secretAccessKey, bucket, key])
        guard text != "absent" else { return nil }
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw .helperFailed("moto's object did not read back")
        }
        return data
    }

    /// Stops the server (SIGSTOP): connections open, nothing answered, until ``resume()``.
    public func pause() {
        process.withLock { $0 }?.signal(SIGSTOP)
    }

    /// Lets a paused server go on (SIGCONT).
    public func resume() {
        process.withLock { $0 }?.signal(SIGCONT)
    }

    /// Kills the server (SIGKILL) and waits until it is gone; its buckets are lost.
    public func kill() {
        guard let process = process.withLock({ $0 }), process.isRunning else { return }
        process.signal(SIGKILL)
        _ = process.waitForExit()
    }

    /// Runs `script` with the endpoint and `arguments`, returning what it printed.
    private func runPython(_ script: String, arguments: [String]) throws(HTTPTestServerError) -> String {
        let python: ChildProcess
        do {
            python = try ChildProcess(
                URL(fileURLWithPath: Self.python(besides: executable)),
                ["-c", script, endpoint.absoluteString, region] + arguments,
                in: directory
            )
        } catch {
            throw .helperFailed("python did not start: \(error)")
        }
        guard python.waitForExit() == 0 else { throw .helperFailed("moto set-up failed: \(python.errors)") }
        return python.output
    }

    /// The Python moto runs on (its script's `#!` line), where boto3 is; else `python3`.
    private static func python(besides executable: String) -> String {
        guard let text = try? String(contentsOfFile: executable, encoding: .utf8),
            let first = text.split(separator: "\n").first, first.hasPrefix("#!"), first.contains("python")
        else { return pythonOnPath }
        return String(first.dropFirst(2)).trimmingCharacters(in: .whitespaces)
    }

    private static var pythonOnPath: String {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
            ?? "/usr/bin/python3"
    }

    /// Makes the IAM user, its policy and its key, then the buckets with that key; prints the key.
    private static let bootstrap = """
        import boto3, json, sys
        endpoint, region, buckets = sys.argv[1], sys.argv[2], sys.argv[3:]
        anonymous = dict(aws_access_key_id="bootstrap", aws_secret_access_key="bootstrap")
        iam = boto3.client("iam", endpoint_url=endpoint, region_name=region, **anonymous)
        iam.create_user(UserName="nuke")
        policy = {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "*", "Resource": "*"}]}
        iam.put_user_policy(UserName="nuke", PolicyName="all", PolicyDocument=json.dumps(policy))
        key = iam.create_access_key(UserName="nuke")["AccessKey"]
        s3 = boto3.client("s3", endpoint_url=endpoint, region_name=region,
                          aws_access_key_id=key["AccessKeyId"], aws_secret_access_key=key["SecretAccessKey"])
        for bucket in buckets:
            s3.create_bucket(Bucket=bucket)
        print(key["AccessKeyId"])
        print(key["SecretAccessKey"])
        """

    /// Prints an object's bytes in base64, or `absent`.
    private static let download = """
        import base64, boto3, sys
        endpoint, region, key_id, secret, bucket, key = sys.argv[1:7]
        s3 = boto3.client("s3", endpoint_url=endpoint, region_name=region,
                          aws_access_key_id=key_id, aws_secret_access_key=secret)
        try:
            body = s3.get_object(Bucket=bucket, Key=key)["Body"].read()
            sys.stdout.write(base64.b64encode(body).decode())
        except s3.exceptions.NoSuchKey:
            sys.stdout.write("absent")
        """

    /// Puts each (bucket, key, file) triple with the key given (and a Cache-Control if not empty).
    private static let upload = """
        import boto3, sys
        endpoint, region, key_id, secret, cache_control = sys.argv[1:6]
        s3 = boto3.client("s3", endpoint_url=endpoint, region_name=region,
                          aws_access_key_id=key_id, aws_secret_access_key=secret)
        extra = {"CacheControl": cache_control} if cache_control else {}
        rest = sys.argv[6:]
        for i in range(0, len(rest), 3):
            with open(rest[i + 2], "rb") as f:
                s3.put_object(Bucket=rest[i], Key=rest[i + 1], Body=f.read(), **extra)
        """
}
