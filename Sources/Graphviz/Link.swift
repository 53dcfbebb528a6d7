/// Where a node or an edge leads when clicked in an SVG: a web address, checked, so that no drawing links
/// to a local file or runs script.
///
/// Graphviz's own `URL` and `href` attributes are refused in ``Attributes`` (they take any text, `file:` and
/// `javascript:` included); a link is set through ``Node/link`` and ``Edge/link`` instead.
public struct Link: Hashable, Sendable, CustomStringConvertible {
    /// The address, e.g. `https://github.com/owner/app/blob/1a2b3c/App/Cart.swift#L12`.
    public let url: String

    /// The most bytes an address may have.
    public static let maximumLength = 2048

    /// A link to `url`, or `nil` unless it is an `https://` or `http://` address of at most
    /// ``maximumLength`` bytes written only with the characters RFC 3986 allows unencoded (and `%`).
    public init?(_ url: String) {
        let lowercased = url.lowercased()
        guard lowercased.hasPrefix("https://") || lowercased.hasPrefix("http://"),
            url.utf8.count <= Self.maximumLength,
            url.utf8.allSatisfy(Self.isAllowed)
        else { return nil }
        self.url = url
    }

    /// Letters, digits and `-._~:/?#[]@!$&'()*+,;=%`: no space, quote, backslash, angle bracket or brace,
    /// and nothing outside ASCII.
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~:/?#[]@!$&'()*+,;=%".utf8.contains(byte)
        }
    }

    /// The address.
    public var description: String { url }

    /// The value of Graphviz's `URL` for it: `&` written `&amp;`, which Graphviz 2.43's SVG output copies as it
    /// is (it writes a bare `&` unescaped, which is not XML). No other character a link holds needs it.
    var attributeValue: String { url.replacingOccurrences(of: "&", with: "&amp;") }
}
