/// A failure the command reports as one line on stderr before exiting with a non-zero status.
struct CommandLineError: Error, CustomStringConvertible {
    /// The line, without the `Error: ` prefix.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
