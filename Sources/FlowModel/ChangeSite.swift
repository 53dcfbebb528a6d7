/// Where a plan file wrote one change of `end` or `states`, so errors about that change can point at it.
public struct ChangeSite: Hashable, Sendable {
    /// The JSON key path of the change's target list: `end` or `states[2]`.
    public var keyPath: String
    /// Where that list starts in the file.
    public var position: SourcePosition?

    /// Creates a site.
    public init(keyPath: String, position: SourcePosition?) {
        self.keyPath = keyPath
        self.position = position
    }
}
