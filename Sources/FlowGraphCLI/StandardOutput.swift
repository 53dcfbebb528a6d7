import Foundation

/// The process's standard output and standard error, written with `write(2)`: the one place FlowGraph's
/// output reaches its descriptors.
///
/// A failed write to standard output ends the process with status 1: a closed pipe (`EPIPE`, when SIGPIPE is
/// ignored) quietly, as Unix tools do; anything else (`ENOSPC` from `/dev/full`, `EBADF` from a closed
/// standard output) with one line on standard error saying why. Writes to standard error that fail are
/// dropped: there is nowhere left to report them.
public enum StandardOutput {
    /// Writes every byte to standard output, or ends the process with status 1 (see ``StandardOutput``).
    public static func write(_ data: Data) {
        guard let code = data.writeAll(to: STDOUT_FILENO) else { return }
        fail(code)
    }

    /// Writes text to standard output as UTF-8, or ends the process with status 1.
    public static func write(_ text: String) {
        write(Data(text.utf8))
    }

    /// Writes text to standard error; a failure is ignored.
    public static func writeError(_ text: String) {
        _ = Data(text.utf8).writeAll(to: STDERR_FILENO)
    }

    /// The message for a failed write to standard output with `errno` `code`; `nil` for a closed pipe,
    /// which ends the process quietly.
    static func failureMessage(_ code: Int32) -> String? {
        switch code {
        case EPIPE: nil
        case EBADF: "flowgraph: cannot write to standard output: it is closed"
        default: "flowgraph: cannot write to standard output: \(String(cString: strerror(code)))"
        }
    }

    /// Reports a failed write to standard output and ends the process with status 1.
    private static func fail(_ code: Int32) -> Never {
        if let message = failureMessage(code) { writeError(message + "\n") }
        exit(1)
    }

    /// Points standard input, output and error at `/dev/null` if the process was started with them closed.
    ///
    /// Otherwise the next file FlowGraph opens would get descriptor 1 and output meant for the terminal would
    /// land in it. Standard output is reopened read-only, so writing to it still fails (`EBADF`) and is
    /// reported as a closed standard output.
    public static func reserveClosedDescriptors() {
        for (descriptor, flags) in [(STDIN_FILENO, O_RDONLY), (STDOUT_FILENO, O_RDONLY), (STDERR_FILENO, O_WRONLY)]
        where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", flags | O_CLOEXEC)
            if opened >= 0, opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
            // dup2 clears close-on-exec on the copy; the descriptor opened in place keeps it, so clear it.
            _ = fcntl(descriptor, F_SETFD, 0)
        }
    }
}
