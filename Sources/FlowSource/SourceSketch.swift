/// What one quick pass over a Swift file's bytes finds without parsing it: the names it declares, every name it
/// mentions, and whether it needs the parser whatever it mentions.
///
/// The pass errs towards parsing: it takes names from comments and string literals as well as from code, takes any
/// word after `struct`, `class`, `enum`, `actor`, `protocol`, `typealias` or `func` as declared (so `// struct Cart`
/// declares `Cart` too), and marks a file whose brackets, strings or comments it cannot match up, or that nests or
/// chains deeper than ``suspiciousDepth``, as needing the parser, which then reports the file's error at its place.
/// ``ParseSelection`` reads the sketches of a scan's files to choose which files to parse.
struct SourceSketch: Sendable {
    /// The names of the types, type aliases and functions it declares (`Cart`, `CartView`, `checkout`).
    var declared: Set<String> = []
    /// The names of the types it extends, every part of a dotted name (`extension Shop.Cart` extends `Shop`
    /// and `Cart`).
    var extended: Set<String> = []
    /// Every name written in it, declared or used.
    var mentioned: Set<String> = []
    /// Whether the file must be parsed whatever it mentions: something in it did not match up or nests deep.
    var needsParser = false

    /// Brackets open at once, or postfix operations (`.`, `(`, `[`, `!`, `?`) in one run of code (up to a `{`,
    /// `}`, `;` or a line that does not go on with `.`), past which a file is parsed to be checked: well below where the parser's trees reach
    /// `SyntaxDepth.maximum` (10,000 levels: 5,000 modifiers or 10,000 `!`), and far above what code is written
    /// with.
    static let suspiciousDepth = 1_000

    /// The words after which a declared name follows.
    private static let declaringWords: Set<String> = [
        "struct", "class", "enum", "actor", "protocol", "typealias", "func",
    ]

    /// Words that follow a declaring word without being a name (`class func`, `class var`, `enum case`).
    private static let keywords: Set<String> = [
        "func", "var", "let", "case", "init", "subscript", "static", "final", "override", "private", "public",
        "internal", "fileprivate", "open", "indirect", "some", "any", "where", "in", "is", "as", "self", "Self",
    ]

    /// Sketches `text`.
    init(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var reader = SketchReader(bytes: bytes)
            reader.read()
            self = reader.sketch
        }
    }

    fileprivate init() {}

    /// Records the word `word` read after `previous` (the word before it, if the two are separated by spaces only).
    fileprivate mutating func note(_ word: String, after previous: String?) {
        mentioned.insert(word)
        if let previous, Self.declaringWords.contains(previous), !Self.keywords.contains(word) {
            declared.insert(word)
        }
    }
}

/// The one pass behind ``SourceSketch``: a small lexer over UTF-8 that keeps code, comments and (possibly
/// interpolated, raw or multi-line) string literals apart well enough to match brackets.
private struct SketchReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var sketch = SourceSketch()
    private var position = 0
    /// The brackets open in code, innermost last; `I` marks the `(` of a string interpolation.
    private var brackets: [UInt8] = []
    /// The string literals open around the current code, innermost last: whether multi-line, and the `#`s of a
    /// raw string.
    private var strings: [(multiline: Bool, hashes: Int)] = []
    private var postfixRun = 0
    /// Whether nothing but spaces has been read on this line yet.
    private var atLineStart = false
    /// The last word read and whether only spaces follow it so far; an `extension` being read.
    private var previousWord: String?
    private var readingExtension = false

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func read() {
        while position < bytes.count {
            if sketch.needsParser { return }
            readCode()
        }
        if !brackets.isEmpty || !strings.isEmpty { sketch.needsParser = true }
    }

    private func byte(_ offset: Int = 0) -> UInt8? {
        position + offset < bytes.count ? bytes[position + offset] : nil
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte >= 0x80
    }

    /// Reads one token of code (or the whole of a comment or string literal that starts here).
    private mutating func readCode() {
        let current = bytes[position]
        if atLineStart, current != UInt8(ascii: " "), current != UInt8(ascii: "\t"), current != UInt8(ascii: "\r") {
            // A line that starts with `.` goes on with the expression above it (a modifier chain).
            atLineStart = false
            if current != UInt8(ascii: ".") { postfixRun = 0 }
        }
        switch current {
        case UInt8(ascii: " "), UInt8(ascii: "\t"):
            position += 1
        case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
            readLineComment()
        case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
            readBlockComment()
        case UInt8(ascii: "\""):
            openString(hashes: 0)
        case UInt8(ascii: "#"):
            var hashes = 0
            while byte(hashes) == UInt8(ascii: "#") { hashes += 1 }
            if byte(hashes) == UInt8(ascii: "\"") {
                position += hashes
                openString(hashes: hashes)
            } else {
                position += hashes
                forgetWord()
            }
        default:
            if Self.isWordByte(current) {
                readWord()
            } else {
                readPunctuation(current)
            }
        }
    }

    /// The word starting at `start` (`nil` for a number) and where it ends, at `end` at the latest.
    private func word(at start: Int, before end: Int) -> (word: String?, end: Int) {
        var index = start
        while index < end, Self.isWordByte(bytes[index]) { index += 1 }
        let first = bytes[start]
        guard !(first >= 0x30 && first <= 0x39) else { return (nil, index) }
        return (String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), index)
    }

    private mutating func readWord() {
        let read = word(at: position, before: bytes.count)
        position = read.end
        guard let word = read.word else {
            forgetWord()
            return
        }
        sketch.note(word, after: previousWord)
        if readingExtension {
            sketch.extended.insert(word)
        }
        readingExtension = word == "extension" || (readingExtension && byte() == UInt8(ascii: "."))
        previousWord = word
    }

    private mutating func forgetWord() {
        previousWord = nil
        readingExtension = false
    }

    private mutating func readPunctuation(_ current: UInt8) {
        position += 1
        let keepsExtension = readingExtension && current == UInt8(ascii: ".")
        forgetWord()
        readingExtension = keepsExtension
        switch current {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
            brackets.append(current)
            if brackets.count > SourceSketch.suspiciousDepth { sketch.needsParser = true }
            if current == UInt8(ascii: "{") { postfixRun = 0 } else { countPostfix() }
        case UInt8(ascii: ")"):
            if brackets.last == UInt8(ascii: "I") {
                brackets.removeLast()
                readString()
            } else {
                close(UInt8(ascii: "("))
            }
        case UInt8(ascii: "]"):
            close(UInt8(ascii: "["))
        case UInt8(ascii: "}"):
            close(UInt8(ascii: "{"))
            postfixRun = 0
        case UInt8(ascii: ";"):
            postfixRun = 0
        case UInt8(ascii: "\n"):
            atLineStart = true
        case UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?"):
            countPostfix()
        default:
            break
        }
    }

    private mutating func countPostfix() {
        postfixRun += 1
        if postfixRun > SourceSketch.suspiciousDepth { sketch.needsParser = true }
    }

    private mutating func close(_ opening: UInt8) {
        guard brackets.last == opening else {
            sketch.needsParser = true
            return
        }
        brackets.removeLast()
    }

    private mutating func readLineComment() {
        let start = position
        while let next = byte(), next != UInt8(ascii: "\n") { position += 1 }
        readWords(from: start, to: position)
        forgetWord()
    }

    private mutating func readBlockComment() {
        let start = position
        var depth = 0
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "/"), byte(1) == UInt8(ascii: "*") {
                depth += 1
                position += 2
            } else if bytes[position] == UInt8(ascii: "*"), byte(1) == UInt8(ascii: "/") {
                depth -= 1
                position += 2
                if depth == 0 { break }
            } else {
                position += 1
            }
        }
        if depth != 0 { sketch.needsParser = true }
        readWords(from: start, to: position)
        forgetWord()
    }

    /// Opens a string literal at a `"` (`"""` for a multi-line one) after `hashes` `#`s, and reads it.
    private mutating func openString(hashes: Int) {
        let multiline = byte(1) == UInt8(ascii: "\"") && byte(2) == UInt8(ascii: "\"")
        position += multiline ? 3 : 1
        strings.append((multiline, hashes))
        forgetWord()
        readString()
    }

    /// Reads the innermost open string literal up to its end, or up to an interpolation's `(` (then code
    /// follows, up to the `)` that closes it).
    private mutating func readString() {
        guard let (multiline, hashes) = strings.last else {
            sketch.needsParser = true
            return
        }
        let start = position
        defer { readWords(from: start, to: position) }
        while position < bytes.count {
            let current = bytes[position]
            if current == UInt8(ascii: "\\"), hashesFollow(hashes, at: position + 1) {
                position += 1 + hashes
                if byte() == UInt8(ascii: "(") {
                    position += 1
                    brackets.append(UInt8(ascii: "I"))
                    if brackets.count > SourceSketch.suspiciousDepth { sketch.needsParser = true }
                    return
                }
                position += 1
            } else if current == UInt8(ascii: "\""), closesString(multiline: multiline, hashes: hashes) {
                position += (multiline ? 3 : 1) + hashes
                strings.removeLast()
                return
            } else if current == UInt8(ascii: "\n"), !multiline {
                sketch.needsParser = true
                return
            } else {
                position += 1
            }
        }
        sketch.needsParser = true
    }

    private func hashesFollow(_ hashes: Int, at offset: Int) -> Bool {
        (0..<hashes).allSatisfy { offset + $0 < bytes.count && bytes[offset + $0] == UInt8(ascii: "#") }
    }

    private func closesString(multiline: Bool, hashes: Int) -> Bool {
        let quotes = multiline ? 3 : 1
        guard (0..<quotes).allSatisfy({ byte($0) == UInt8(ascii: "\"") }) else { return false }
        return hashesFollow(hashes, at: position + quotes)
    }

    /// Notes the words inside a comment or a literal's text as mentioned.
    private mutating func readWords(from start: Int, to end: Int) {
        var index = start
        var previous: String?
        while index < end {
            guard Self.isWordByte(bytes[index]) else {
                if bytes[index] != UInt8(ascii: " ") { previous = nil }
                index += 1
                continue
            }
            let read = word(at: index, before: end)
            index = read.end
            if let word = read.word { sketch.note(word, after: previous) }
            previous = read.word
        }
    }
}
