// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// An intrusive doubly linked list of queue operations: O(1) append, prepend, removal and pop.
@ImagePipelineActor
final class OperationList {
    private(set) var first: TaskQueue.Operation?
    private(set) var last: TaskQueue.Operation?
    private(set) var count = 0

    nonisolated init() {}

    var isEmpty: Bool { first == nil }

    func append(_ operation: TaskQueue.Operation) {
        operation.previous = last
        operation.next = nil
        if let last { last.next = operation } else { first = operation }
        last = operation
        count += 1
    }

    func prepend(_ operation: TaskQueue.Operation) {
        operation.next = first
        operation.previous = nil
        if let first { first.previous = operation } else { last = operation }
        first = operation
        count += 1
    }

    func remove(_ operation: TaskQueue.Operation) {
        if let previous = operation.previous { previous.next = operation.next } else { first = operation.next }
        if let next = operation.next { next.previous = operation.previous } else { last = operation.previous }
        operation.previous = nil
        operation.next = nil
        count -= 1
    }

    func popFirst() -> TaskQueue.Operation? {
        guard let operation = first else { return nil }
        remove(operation)
        return operation
    }
}
