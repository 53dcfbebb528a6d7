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
public enum Platform: String, CaseIterable, Hashable, Sendable {
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
