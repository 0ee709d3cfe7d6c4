// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

/// The entries of a memory cache in insertion order with a "referenced" bit each: the CLOCK, or
/// second-chance, approximation of LRU.
///
/// A read only sets the bit, so hits never reorder the list. Eviction walks from the oldest
/// entry: a referenced entry has its bit cleared and moves to the newest end (its second chance);
/// an unreferenced one is evicted. Nodes live in one array linked by indices, so the list costs
/// no allocation per entry and no reference counting on the hot path. Not thread-safe.
struct SecondChanceList<Key: Hashable, Value> {
    struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var expiration: Duration?
        var isReferenced = false
        var previous = -1
        var next = -1
    }

    private(set) var nodes: [Node?] = []
    private var freeIndices: [Int] = []
    private var indexByKey: [Key: Int] = [:]
    private var oldest = -1
    private var newest = -1

    /// The sum of the entries' costs.
    private(set) var totalCost = 0

    /// The number of entries.
    var count: Int { indexByKey.count }

    /// The index of the node for `key`.
    func index(of key: Key) -> Int? { indexByKey[key] }

    /// The node at `index`, which must be live.
    subscript(index: Int) -> Node {
        get {
            guard let node = nodes[index] else { preconditionFailure("no node at \(index)") }
            return node
        }
    }

    /// Marks a node as used since the last eviction pass.
    mutating func markReferenced(at index: Int) {
        nodes[index]?.isReferenced = true
    }

    /// Inserts a new entry at the newest end, or replaces the entry for the same key in place
    /// (an overwrite counts as a use).
    mutating func set(_ value: Value, for key: Key, cost: Int, expiration: Duration?) {
        if let index = indexByKey[key], var node = nodes[index] {
            totalCost += cost - node.cost
            node.value = value
            node.cost = cost
            node.expiration = expiration
            node.isReferenced = true
            nodes[index] = node
            return
        }
        let node = Node(key: key, value: value, cost: cost, expiration: expiration)
        let index: Int
        if let free = freeIndices.popLast() {
            index = free
            nodes[index] = node
        } else {
            index = nodes.count
            nodes.append(node)
        }
        indexByKey[key] = index
        totalCost += cost
        appendToNewest(index)
    }

    /// Removes the entry for `key`, returning its value.
    @discardableResult
    mutating func remove(_ key: Key) -> Value? {
        guard let index = indexByKey[key] else { return nil }
        return remove(at: index)
    }

    /// Evicts entries, oldest first with a second chance for referenced ones, until `isWithinLimits`
    /// holds for the remaining total cost and count.
    mutating func evict(until isWithinLimits: (_ totalCost: Int, _ count: Int) -> Bool) {
        while !isWithinLimits(totalCost, count), oldest != -1 {
            let index = oldest
            if nodes[index]?.isReferenced == true {
                nodes[index]?.isReferenced = false
                unlink(index)
                appendToNewest(index)
            } else {
                remove(at: index)
            }
        }
    }

    /// Removes every entry.
    mutating func removeAll() {
        self = SecondChanceList()
    }

    // MARK: Links

    @discardableResult
    private mutating func remove(at index: Int) -> Value? {
        guard let node = nodes[index] else { return nil }
        unlink(index)
        nodes[index] = nil
        freeIndices.append(index)
        indexByKey[node.key] = nil
        totalCost -= node.cost
        return node.value
    }

    private mutating func appendToNewest(_ index: Int) {
        nodes[index]?.previous = newest
        nodes[index]?.next = -1
        if newest != -1 { nodes[newest]?.next = index } else { oldest = index }
        newest = index
    }

    private mutating func unlink(_ index: Int) {
        guard let node = nodes[index] else { return }
        if node.previous != -1 { nodes[node.previous]?.next = node.next } else { oldest = node.next }
        if node.next != -1 { nodes[node.next]?.previous = node.previous } else { newest = node.previous }
    }
}
