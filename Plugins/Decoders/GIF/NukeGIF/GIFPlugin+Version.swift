internal import CNukeGIF

extension GIFPlugin {
    /// The version of giflib the plugin was built against, such as `"5.2.1"`.
    public static var libraryVersion: String {
        String(cString: nuke_gif_library_version())
    }
}
