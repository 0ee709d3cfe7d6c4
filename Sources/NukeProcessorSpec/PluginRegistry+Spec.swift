// SPDX-FileCopyrightText: 2026 The Nuke for Linux contributors
// SPDX-License-Identifier: MIT

public import NukeCore

extension PluginRegistry {
    /// Builds a processor chain from text such as
    /// `resize(width:320,crop:true)|gaussianBlur(radius:8)`.
    ///
    /// - Throws: ``ProcessorSpecError`` pointing at the offending part of `spec`.
    public func processors(fromSpec spec: String) throws(ProcessorSpecError) -> [any ImageProcessing] {
        var parser = ProcessorSpecParser(spec: spec)
        let steps = try parser.parse()
        var chain: [any ImageProcessing] = []
        for step in steps {
            guard let factory = providers(Capabilities.Processing.self, for: step.name).first else {
                throw ProcessorSpecError(
                    spec: spec,
                    offset: step.offset,
                    reason: .unknownProcessor(name: step.name, available: keys(Capabilities.Processing.self).sorted())
                )
            }
            do {
                chain.append(try factory(step.parameters))
            } catch let error as ProcessorSpecError {
                throw ProcessorSpecError(spec: spec, offset: step.offset, reason: error.reason)
            } catch {
                throw ProcessorSpecError(
                    spec: spec,
                    offset: step.offset,
                    reason: .invalidProcessor(name: step.name, error: "\(error)")
                )
            }
        }
        return chain
    }
}
