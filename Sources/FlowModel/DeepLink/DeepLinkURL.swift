/// A deep-link URL split into the components rules match: scheme, host, then each path component.
///
/// `flowstacksapp://numbers/1/2/3` has the components `flowstacksapp`, `numbers`, `1`, `2`, `3`. Path
/// components are percent-decoded; empty ones (`a//b`, a trailing `/`) are skipped; the query and fragment
/// are not matched.
public struct DeepLinkURL: Hashable, Sendable {
    /// One component of a URL and where it starts.
    public struct Component: Hashable, Sendable {
        /// The component's text, percent-decoded.
        public var text: String
        /// The offset of its first scalar in the URL text.
        public var offset: Int
    }

    /// The URL as given.
    public var text: String
    /// Scheme, host, then path components.
    public var components: [Component]

    /// Parses a URL such as `flowstacksapp://numbers/1/2/3`.
    public init(_ text: String) throws(InputError) {
        self.text = text
        let scalars = Array(text.unicodeScalars)
        guard let colon = scalars.firstIndex(of: ":"), colon > 0,
            scalars.count >= colon + 3, scalars[colon + 1] == "/", scalars[colon + 2] == "/"
        else {
            throw InputError(
                offset: 0,
                message: "'\(text)' is not a URL of the form scheme://host/path, e.g. flowstacksapp://numbers/1/2/3")
        }
        let scheme = String(String.UnicodeScalarView(scalars[..<colon]))
        guard
            scheme.unicodeScalars.allSatisfy({
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "+-.".unicodeScalars
                        .contains($0)
            })
        else {
            throw InputError(
                offset: 0, message: "invalid URL scheme '\(scheme)'; use letters, digits, '+', '-' or '.'")
        }
        var components = [Component(text: scheme, offset: 0)]
        let end = scalars.firstIndex { $0 == "?" || $0 == "#" } ?? scalars.count
        var start = colon + 3
        var isHost = true
        while start <= end {
            let stop = scalars[start..<end].firstIndex(of: "/") ?? end
            if stop > start || isHost {
                let raw = String(String.UnicodeScalarView(scalars[start..<stop]))
                guard let decoded = DeepLinkURL.percentDecoded(raw) else {
                    throw InputError(
                        offset: start, message: "invalid percent escape in '\(raw)'; write %XX with two hex digits")
                }
                components.append(Component(text: decoded, offset: start))
            }
            isHost = false
            start = stop + 1
        }
        self.components = components
    }

    /// Replaces `%XX` escapes with the bytes they stand for; `nil` for a malformed escape or invalid UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        guard text.contains("%") else { return text }
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
