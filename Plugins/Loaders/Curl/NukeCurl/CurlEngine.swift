// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import CNukeCurl
internal import Foundation
internal import NukeCore
internal import Synchronization

#if canImport(Glibc)
    internal import Glibc
#endif

/// A libcurl multi handle driven by one dedicated thread, which runs until the engine is stopped.
///
/// The thread loops over `curl_multi_perform`, `curl_multi_info_read` and `curl_multi_poll`.
/// Other threads never touch a curl handle: they append commands under a lock and call
/// `curl_multi_wakeup`, the one multi call libcurl allows from any thread. Connections live in
/// the multi handle, so every transfer of one loader shares them (and HTTP/2 streams).
final class CurlEngine: @unchecked Sendable {
    // @unchecked: `multi`, `transfers`, `transfersByID`, `retryTimers` and `stopping` are used only on
    // the engine's thread; other threads use `commands` (a Mutex), `statistics` (a Mutex) and
    // `submit` (which calls `curl_multi_wakeup`, safe from any thread).

    enum Command: Sendable {
        case start(
            id: UInt64,
            request: DataRequest,
            redirectDecision: RedirectDecision?,
            didReceiveData: @Sendable (Data, DataResponse) -> Void,
            completion: @Sendable ((any Error)?) -> Void
        )
        case cancel(id: UInt64)
        /// A transfer's back-off is over: its next attempt starts.
        case retryDue(id: UInt64)
        /// Ends the thread: at once, cancelling every transfer, or once none is left (`whenIdle`);
        /// then calls `completion` from the thread.
        case stop(whenIdle: Bool, completion: @Sendable () -> Void)
    }

    /// How the thread is asked to end.
    private struct Stopping {
        var whenIdle: Bool
        var completions: [@Sendable () -> Void]
    }

    private let configuration: CurlDataLoader.Configuration
    private let multi: UnsafeMutableRawPointer
    private let commands = Mutex<[Command]>([])
    private let statistics: CurlStatisticsRecorder

    private var transfers: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    private var transfersByID: [UInt64: CurlTransfer] = [:]
    /// Transfers waiting out a back-off, by ID, with the task that sleeps on the clock.
    private var retryTimers: [UInt64: Task<Void, Never>] = [:]
    private var stopping: Stopping?

    private static let globalInitialization: Void = {
        curl_global_init(Int(CURL_GLOBAL_ALL))
    }()

    /// Creates the engine and starts its thread; `statistics` is the loader's, shared by the
    /// engines it makes over its life.
    init(configuration: CurlDataLoader.Configuration, statistics: CurlStatisticsRecorder) {
        Self.globalInitialization
        self.configuration = configuration
        self.statistics = statistics
        multi = curl_multi_init()
        nuke_curl_multi_set_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
        nuke_curl_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, configuration.maximumConnectionsPerHost)
        nuke_curl_multi_set_long(multi, CURLMOPT_MAXCONNECTS, configuration.connectionCacheSize)
        let thread = Thread { [self] in run() }
        thread.name = "NukeCurl"
        thread.start()
    }

    deinit {
        // Here, not when the thread ends: a cancellation or a retry timer may still `submit` to a
        // stopped engine, and `curl_multi_wakeup` needs the multi handle alive.
        curl_multi_cleanup(multi)
    }

    /// Queues a command for the engine's thread and wakes it.
    func submit(_ command: Command) {
        commands.withLock { $0.append(command) }
        curl_multi_wakeup(multi)
    }

    // MARK: The engine's thread

    private func run() {
        while true {
            for command in commands.withLock({ commands in
                defer { commands.removeAll() }; return commands
            }) {
                handle(command)
            }
            if let stopping, !stopping.whenIdle || transfersByID.isEmpty { break }
            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            finishCompletedTransfers()
            curl_multi_poll(multi, nil, 0, 1000, nil)  // Commands (`submit`) interrupt it.
        }
        for transfer in Array(transfersByID.values) {
            cancel(transfer)
        }
        for completion in stopping?.completions ?? [] { completion() }
    }

    private func handle(_ command: Command) {
        switch command {
        case let .start(id, request, redirectDecision, didReceiveData, completion):
            let transfer = CurlTransfer(
                id: id,
                request: request,
                configuration: configuration,
                redirectDecision: redirectDecision,
                didReceiveData: didReceiveData,
                completion: completion
            )
            transfersByID[id] = transfer
            startAttempt(of: transfer)
        case .cancel(let id):
            if let transfer = transfersByID[id] { cancel(transfer) }
        case .retryDue(let id):
            if retryTimers.removeValue(forKey: id) != nil, let transfer = transfersByID[id] {
                startAttempt(of: transfer)
            }
        case let .stop(whenIdle, completion):
            var stopping = self.stopping ?? Stopping(whenIdle: whenIdle, completions: [])
            stopping.whenIdle = stopping.whenIdle && whenIdle
            stopping.completions.append(completion)
            self.stopping = stopping
        }
    }

    private func startAttempt(of transfer: CurlTransfer) {
        let handle: CurlEasyHandle
        do {
            handle = try transfer.makeHandle()
        } catch {
            finish(transfer, error: error)
            return
        }
        transfers[handle.raw] = transfer
        curl_multi_add_handle(multi, handle.raw)
    }

    /// Removes the transfer at once: libcurl closes its connection if the response was not
    /// complete, so the server sees the cancellation.
    private func cancel(_ transfer: CurlTransfer) {
        detach(transfer)
        retryTimers.removeValue(forKey: transfer.id)?.cancel()
        finish(transfer, error: CancellationError())
    }

    private func finishCompletedTransfers() {
        var remaining: Int32 = 0
        while let message = curl_multi_info_read(multi, &remaining) {
            guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
                let transfer = transfers[easy]
            else { continue }
            let result = nuke_curl_message_result(message)
            recordStatistics(of: transfer)
            let outcome = transfer.outcome(of: result)
            detach(transfer)
            switch outcome {
            case .complete(let error):
                finish(transfer, error: error)
            case .retry(let delay):
                statistics.record { $0.retries += 1 }
                scheduleRetry(of: transfer, after: delay)
            }
        }
    }

    private func detach(_ transfer: CurlTransfer) {
        guard let handle = transfer.handle else { return }
        curl_multi_remove_handle(multi, handle.raw)
        transfers[handle.raw] = nil
        transfer.releaseHandle()
    }

    private func finish(_ transfer: CurlTransfer, error: (any Error)?) {
        transfersByID[transfer.id] = nil
        transfer.complete(with: error)
    }

    /// Sleeps `delay` seconds on the configured clock, then has the engine's thread start the
    /// next attempt (``Command/retryDue(id:)``).
    private func scheduleRetry(of transfer: CurlTransfer, after delay: Double) {
        let clock = configuration.clock
        let id = transfer.id
        retryTimers[id] = Task { [self] in
            do {
                try await clock.sleep(for: .milliseconds(Int((delay * 1000).rounded(.up))))
                submit(.retryDue(id: id))
            } catch {
                return  // Cancelled with its transfer.
            }
        }
    }

    private func recordStatistics(of transfer: CurlTransfer) {
        guard let handle = transfer.handle else { return }
        let connections = handle.info(CURLINFO_NUM_CONNECTS)
        let isHTTP2 = handle.info(CURLINFO_HTTP_VERSION) == Int(CURL_HTTP_VERSION_2_0)
        statistics.record {
            $0.finishedAttempts += 1
            $0.connectionsOpened += connections
            if isHTTP2 { $0.http2Attempts += 1 }
        }
    }
}

/// A loader's statistics, shared by the engines it runs over its life.
final class CurlStatisticsRecorder: Sendable {
    private let statistics = Mutex(CurlDataLoader.Statistics())

    /// The counts so far.
    var snapshot: CurlDataLoader.Statistics { statistics.withLock { $0 } }

    /// Updates the counts.
    func record(_ update: (inout CurlDataLoader.Statistics) -> Void) {
        statistics.withLock { update(&$0) }
    }
}
