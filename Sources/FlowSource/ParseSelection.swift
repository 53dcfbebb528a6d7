/// Which of a scan's files are parsed: the ones that can bear on its navigation, chosen from their
/// ``SourceSketch``es.
///
/// Parsing is nearly all of a scan's time, and most of an app's files (models, services, rows, styles) hold
/// no navigation and share no name with the code that does. A file is parsed when
/// - it mentions one of the navigation libraries' words (``seedWords``: `FlowStack`, `push`, `showScreen`,
///   `NavigationLink`, `onOpenURL`…), or needs the parser to be checked (``SourceSketch/needsParser``);
/// - a parsed file mentions a name it declares or extends (the views, view models and helpers navigation code
///   uses, with every file that declares a type of that name, so private types of one name stay told apart);
/// - or it mentions a name a parsed file declares (code that drives a coordinator from outside it).
///
/// The files left out mention none of the libraries' words and share no declared name with any file parsed,
/// so the recogniser, which reads navigation through those words and names, finds the same navigation with or
/// without them (`ParseSelectionTests` scans every fixture both ways).
enum ParseSelection {
    /// Which files a scan parses.
    enum Choice: Sendable {
        /// Only the files that can bear on the navigation.
        case navigationFiles
        /// Every file.
        case everyFile
    }

    /// For each sketch, whether its file is parsed, given the words that make a file one to parse.
    static func parsed(_ sketches: [SourceSketch], seedWords: SourceWords) -> [Bool] {
        parsed(sketches, seeds: sketches.map { isSeed($0, seedWords: seedWords) })
    }

    /// Whether a file is parsed for what it holds itself, before any name it shares: it mentions one of
    /// `seedWords` or needs the parser to be checked.
    static func isSeed(_ sketch: SourceSketch, seedWords: SourceWords) -> Bool {
        sketch.needsParser || seedWords.matchesAny(of: sketch.mentioned)
    }

    /// For each sketch, whether its file is parsed, given which files are seeds (``isSeed(_:seedWords:)``,
    /// found on every core with the sketches).
    static func parsed(_ sketches: [SourceSketch], seeds: [Bool]) -> [Bool] {
        var declarers: [String: [Int]] = [:]
        for (index, sketch) in sketches.enumerated() {
            for name in sketch.declared.union(sketch.extended) { declarers[name, default: []].append(index) }
        }
        // Each file's mentions of declared names, found on every core: files mention far more names than
        // any file declares.
        let mentionsDeclared = LargeStack.concurrentMap(sketches.count) { [declarers] index in
            sketches[index].mentioned.filter { declarers[$0] != nil }
        }
        var mentioners: [String: [Int]] = [:]
        for (index, names) in mentionsDeclared.enumerated() {
            for name in names { mentioners[name, default: []].append(index) }
        }
        var chosen = Array(repeating: false, count: sketches.count)
        var pending: [Int] = []
        func choose(_ index: Int) {
            guard !chosen[index] else { return }
            chosen[index] = true
            pending.append(index)
        }
        for index in sketches.indices where seeds[index] { choose(index) }
        var followedMentions: Set<String> = []
        var followedDeclarations: Set<String> = []
        while let index = pending.popLast() {
            for name in mentionsDeclared[index] where followedMentions.insert(name).inserted {
                for other in declarers[name]! { choose(other) }
            }
            for name in sketches[index].declared where followedDeclarations.insert(name).inserted {
                for other in mentioners[name] ?? [] { choose(other) }
            }
        }
        return chosen
    }
}
