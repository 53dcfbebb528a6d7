/// A JSON value of one batch protocol line, as ``WorkerLineReader`` reads it.
indirect enum WorkerLineValue {
    case null
    case bool(Bool)
    /// A number, as its literal text.
    case number(String)
    case string(String)
    case array([WorkerLineValue])
    /// An object's members, in their order.
    case object([(String, WorkerLineValue)])
}

/// Writes one compact line of JSON byte by byte, for the batch protocol (a job, a reply).
///
/// Strings are written as UTF-8 with `"`, `\` and the control characters escaped, which every JSON reader
/// reads back as the same string.
struct WorkerLineWriter {
    /// The bytes written so far.
    private(set) var bytes: [UInt8] = []
    private var needsComma = false

    init() { bytes.reserveCapacity(512) }

    /// Starts an object (`{`) or an array (`[`).
    mutating func open(_ bracket: Unicode.Scalar) {
        separate()
        bytes.append(UInt8(ascii: bracket))
        needsComma = false
    }

    /// Ends an object (`}`) or an array (`]`).
    mutating func close(_ bracket: Unicode.Scalar) {
        bytes.append(UInt8(ascii: bracket))
        needsComma = true
    }

    /// The key of an object's next member.
    mutating func key(_ name: String) {
        separate()
        append(string: name)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// A string value.
    mutating func string(_ value: String) {
        separate()
        append(string: value)
        needsComma = true
    }

    /// An integer value.
    mutating func int(_ value: Int) { literal(String(value)) }

    /// A number value; `0` when it is not finite (JSON has no such numbers).
    mutating func double(_ value: Double) { literal(value.isFinite ? "\(value)" : "0") }

    /// A Boolean value.
    mutating func bool(_ value: Bool) { literal(value ? "true" : "false") }

    /// An array of strings.
    mutating func strings(_ values: [String]) {
        open("[")
        for value in values { string(value) }
        close("]")
    }

    private mutating func literal(_ text: String) {
        separate()
        bytes.append(contentsOf: text.utf8)
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func append(string: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")]
                bytes += [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}

/// Reads one line of JSON as ``WorkerLineWriter`` (or any JSON writer) writes it; `nil` for anything that is
/// not JSON. Nesting deeper than 32 levels is refused.
struct WorkerLineReader {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The line's one value, with nothing but white space after it.
    mutating func document() -> WorkerLineValue? {
        guard let value = value() else { return nil }
        skipSpace()
        return index == bytes.count ? value : nil
    }

    private mutating func value() -> WorkerLineValue? {
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object()
        case UInt8(ascii: "["): return array()
        case UInt8(ascii: "\""): return string().map(WorkerLineValue.string)
        case UInt8(ascii: "t"): return word("true", .bool(true))
        case UInt8(ascii: "f"): return word("false", .bool(false))
        case UInt8(ascii: "n"): return word("null", .null)
        default: return number()
        }
    }

    private mutating func object() -> WorkerLineValue? {
        guard enter() else { return nil }
        defer { depth -= 1 }
        index += 1
        var members: [(String, WorkerLineValue)] = []
        skipSpace()
        if take(UInt8(ascii: "}")) { return .object(members) }
        while true {
            skipSpace()
            guard at(UInt8(ascii: "\"")), let key = string() else { return nil }
            skipSpace()
            guard take(UInt8(ascii: ":")), let value = value() else { return nil }
            members.append((key, value))
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "}")) ? .object(members) : nil
        }
    }

    private mutating func array() -> WorkerLineValue? {
        guard enter() else { return nil }
        defer { depth -= 1 }
        index += 1
        var values: [WorkerLineValue] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { return .array(values) }
        while true {
            guard let value = value() else { return nil }
            values.append(value)
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "]")) ? .array(values) : nil
        }
    }

    /// Whether `byte` comes next.
    private func at(_ byte: UInt8) -> Bool {
        index < bytes.count && bytes[index] == byte
    }

    /// Consumes `byte` if it comes next, saying whether it did.
    private mutating func take(_ byte: UInt8) -> Bool {
        guard at(byte) else { return false }
        index += 1
        return true
    }

    private mutating func enter() -> Bool {
        depth += 1
        return depth <= 32
    }

    private mutating func word(_ text: String, _ value: WorkerLineValue) -> WorkerLineValue? {
        let word = Array(text.utf8)
        guard bytes.count - index >= word.count, Array(bytes[index..<index + word.count]) == word else { return nil }
        index += word.count
        return value
    }

    private mutating func number() -> WorkerLineValue? {
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                UInt8(ascii: "e"), UInt8(ascii: "E"):
                index += 1
            default:
                return index > start ? .number(String(decoding: bytes[start..<index], as: UTF8.self)) : nil
            }
        }
        return index > start ? .number(String(decoding: bytes[start..<index], as: UTF8.self)) : nil
    }

    /// A string starting at its opening quote, escapes decoded.
    private mutating func string() -> String? {
        index += 1
        var output: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: output, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "n"): output.append(0x0A)
                case UInt8(ascii: "r"): output.append(0x0D)
                case UInt8(ascii: "t"): output.append(0x09)
                case UInt8(ascii: "b"): output.append(0x08)
                case UInt8(ascii: "f"): output.append(0x0C)
                case UInt8(ascii: "u"):
                    guard let scalar = unicodeEscape() else { return nil }
                    output.append(contentsOf: String(Character(scalar)).utf8)
                default: output.append(escape)
                }
            case 0..<0x20: return nil
            default: output.append(byte)
            }
        }
        return nil
    }

    /// The scalar of `\uXXXX` (its `\u` read), a surrogate pair included; U+FFFD for a lone surrogate.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        if (0xD800..<0xDC00).contains(high), bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"),
            bytes[index + 1] == UInt8(ascii: "u")
        {
            let saved = index
            index += 2
            if let low = hex4(), (0xDC00..<0xE000).contains(low) {
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            index = saved
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.count - index >= 4 else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Character(Unicode.Scalar(bytes[index])).hexDigitValue else { return nil }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func skipSpace() {
        while index < bytes.count,
            bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
        {
            index += 1
        }
    }
}
