import Foundation

/// The `flowgraph` command line: parses arguments and runs a subcommand.
public enum FlowGraphCommand {
    /// Runs `flowgraph` with the process's arguments (the first is the program name) and returns the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        0
    }
}

/// Ends the process with the given status, flushing every output stream first.
public func exitProcess(_ status: Int32) -> Never {
    fflush(nil)
    exit(status)
}
