// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

internal import NukeCore

/// Parses `name(key:value,…)|name2|…` into named steps.
///
/// Grammar: `chain = step ("|" step)*`, `step = name ["(" [param ("," param)*] ")"]`,
/// `param = key ":" value`. Names and keys are letters, digits, `_`, `-` and `.`; a value is
/// anything up to the next `,` or `)`, or a double-quoted string with `\"` escapes.
/// Whitespace around tokens is ignored.
struct ProcessorSpecParser {
    struct Step: Equatable {
        var name: String
        var parameters: ProcessorParameters
        var offset: Int
    }

    private let spec: String
    private let characters: [Character]
    private var position = 0

    init(spec: String) {
        self.spec = spec
        self.characters = Array(spec)
    }

    mutating func parse() throws(ProcessorSpecError) -> [Step] {
        var steps: [Step] = []
        skipWhitespace()
        guard position < characters.count else {
            throw error(expected: "a processor name")
        }
        repeat {
            steps.append(try parseStep())
            skipWhitespace()
        } while consume("|")
        guard position == characters.count else {
            throw error(expected: "'|' or the end of the spec")
        }
        return steps
    }

    private mutating func parseStep() throws(ProcessorSpecError) -> Step {
        skipWhitespace()
        let offset = position
        let name = try parseIdentifier(what: "a processor name")
        var parameters: [(name: String, value: String)] = []
        skipWhitespace()
        if consume("(") {
            skipWhitespace()
            if !consume(")") {
                repeat {
                    skipWhitespace()
                    let key = try parseIdentifier(what: "a parameter name")
                    skipWhitespace()
                    guard consume(":") else { throw error(expected: "':' after '\(key)'") }
                    parameters.append((key, try parseValue()))
                    skipWhitespace()
                } while consume(",")
                guard consume(")") else { throw error(expected: "',' or ')'") }
            }
        }
        return Step(name: name, parameters: ProcessorParameters(parameters), offset: offset)
    }

    private mutating func parseIdentifier(what: String) throws(ProcessorSpecError) -> String {
        let start = position
        while position < characters.count, isIdentifierCharacter(characters[position]) { position += 1 }
        guard position > start else { throw error(expected: what) }
        return String(characters[start..<position])
    }

    private mutating func parseValue() throws(ProcessorSpecError) -> String {
        skipWhitespace()
        if consume("\"") {
            var value = ""
            while position < characters.count, characters[position] != "\"" {
                if characters[position] == "\\", position + 1 < characters.count { position += 1 }
                value.append(characters[position])
                position += 1
            }
            guard consume("\"") else { throw error(expected: "a closing '\"'") }
            return value
        }
        let start = position
        while position < characters.count, !",)|(".contains(characters[position]) { position += 1 }
        let value = String(characters[start..<position]).trimmingWhitespace()
        guard !value.isEmpty else {
            position = start
            throw error(expected: "a value")
        }
        return value
    }

    private func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "-" || character == "."
    }

    private mutating func skipWhitespace() {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
    }

    private mutating func consume(_ character: Character) -> Bool {
        guard position < characters.count, characters[position] == character else { return false }
        position += 1
        return true
    }

    private func error(expected: String) -> ProcessorSpecError {
        ProcessorSpecError(spec: spec, offset: position, reason: .syntax(expected: expected))
    }
}
