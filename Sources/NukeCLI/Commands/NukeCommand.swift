import ArgumentParser

/// `nuke`: fetch, inspect and cache images with the Nuke pipeline, or watch it work in a demo.
@main
struct NukeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nuke",
        abstract: "Load, process and cache images with Nuke for Linux.",
        discussion: "Start with `nuke demo`: it runs the whole pipeline against a built-in gallery, offline.",
        subcommands: [FetchCommand.self, InfoCommand.self, CacheCommand.self, DemoCommand.self]
    )
}
