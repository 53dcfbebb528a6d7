/// The platform rules that decide how many navigation changes SwiftUI accepts in one update.
public struct PlatformRules: Hashable, Sendable {
    /// Several presentation layers may be dismissed in one update (iOS 17 and later).
    public var multipleDismissalsInOne: Bool
    /// Several pushes may be applied in one update (the stack uses `NavigationStack`).
    public var navigationUpdatesInOne: Bool

    /// Creates a rule set; the defaults are iOS 17 with FlowStacks' default `NavigationView`.
    public init(multipleDismissalsInOne: Bool = true, navigationUpdatesInOne: Bool = false) {
        self.multipleDismissalsInOne = multipleDismissalsInOne
        self.navigationUpdatesInOne = navigationUpdatesInOne
    }

    /// Rules for a platform version with or without `NavigationStack`.
    public init(platform: Platform, navigationStack: Bool = false) {
        self.init(
            multipleDismissalsInOne: platform.allowsMultipleDismissalsInOne,
            navigationUpdatesInOne: navigationStack
        )
    }

    /// The platform these rules correspond to.
    public var platform: Platform { multipleDismissalsInOne ? .ios17 : .ios16 }

    /// A short human summary, e.g. `iOS 16 · NavigationView`.
    public var summary: String {
        "\(platform.displayName) · \(navigationUpdatesInOne ? "NavigationStack" : "NavigationView")"
    }
}

/// The iOS versions whose navigation rules differ.
public enum Platform: String, CaseIterable, Hashable, Codable, Sendable {
    /// iOS 16 and earlier: one dismissal per update.
    case ios16
    /// iOS 17 and later: several dismissals in one update.
    case ios17

    /// Whether several presentation layers can be dismissed in one update.
    public var allowsMultipleDismissalsInOne: Bool { self == .ios17 }

    /// The name shown to people, e.g. `iOS 17`.
    public var displayName: String {
        switch self {
        case .ios16: "iOS 16"
        case .ios17: "iOS 17"
        }
    }
}

extension Platform {
    /// The platform whose rules an iOS version follows, from a name such as `ios16`, `ios18` or `iOS 17.4`.
    ///
    /// FlowStacks branches on `#available(iOS 17.0, *)`, so iOS 14 (its oldest) to 16 play by `ios16`'s rules and
    /// iOS 17 and later by `ios17`'s; `nil` for a name that is no iOS version FlowStacks runs on.
    public init?(versionName name: String) {
        let compact = name.lowercased().filter { $0 != " " }
        if let exact = Platform(rawValue: compact) {
            self = exact
            return
        }
        guard compact.hasPrefix("ios") else { return nil }
        let version = compact.dropFirst(3).split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(version.count), let major = Int(version[0]), (14...99).contains(major),
            version.count == 1 || Int(version[1]) != nil
        else { return nil }
        self = major >= 17 ? .ios17 : .ios16
    }

    /// The note for a version name that stands for another platform's rules (`ios18` plays by `ios17`'s), or
    /// `nil` when the name is the platform's own.
    public static func versionNote(for name: String) -> String? {
        guard let platform = Platform(versionName: name), Platform(rawValue: name.lowercased()) == nil else {
            return nil
        }
        let rule = platform == .ios17 ? "iOS 17.0 and later" : "before iOS 17.0"
        return "\(name) plays by \(platform.rawValue)'s rules: FlowStacks checks #available(iOS 17.0, *), and "
            + "\(name) is \(rule)"
    }
}
