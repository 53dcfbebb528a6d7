import Foundation

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The body libFuzzer calls for every input; set once by ``runFuzzer(_:)`` before the driver starts.
nonisolated(unsafe) private var fuzzBody: ([UInt8]) -> Void = { _ in }

/// Hands control to libFuzzer, which calls `body` with each input until it stops; never returns.
///
/// SwiftPM names an executable's entry point `<target>_main` and aliases `main` to it, so libFuzzer's own
/// `main` is not used: the target's top-level code calls this instead (`LLVMFuzzerRunDriver`).
public func runFuzzer(_ body: @escaping ([UInt8]) -> Void) -> Never {
    fuzzBody = body
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        fuzzBody(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }
    exit(status)
}

/// Stops the fuzzer with a message when an invariant does not hold (libFuzzer saves the input as a crash).
public func fuzzCheck(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, file: StaticString = #file,
    line: UInt = #line
) {
    guard !condition() else { return }
    FileHandle.standardError.write(Data("fuzz invariant failed at \(file):\(line): \(message())\n".utf8))
    abort()
}

/// The input as text when it is valid UTF-8 (the parsers take Swift strings, which are always valid).
public func utf8Text(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)
}
