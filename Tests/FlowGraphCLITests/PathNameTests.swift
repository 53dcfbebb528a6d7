import FlowGraphCLI
import Testing

@Suite("Path arithmetic")
struct PathNameTests {
    @Test("The folder, last component and extension of a path; trailing slashes ignored, `/` kept")
    func parts() {
        #expect(PathName.folder(of: "a/b/c.json") == "a/b")
        #expect(PathName.folder(of: "c.json") == "")
        #expect(PathName.folder(of: "/c") == "/")
        #expect(PathName.folder(of: "/") == "/")
        #expect(PathName.folder(of: "a/b//") == "a")
        #expect(PathName.lastComponent(of: "a/b.json") == "b.json")
        #expect(PathName.lastComponent(of: "a/b/") == "b")
        #expect(PathName.lastComponent(of: "plan") == "plan")
        #expect(PathName.fileExtension(of: "a/b.json") == "json")
        #expect(PathName.fileExtension(of: "a.d/b") == "")
        #expect(PathName.fileExtension(of: ".hidden") == "")
        #expect(PathName.fileExtension(of: "name.") == "")
        #expect(PathName.fileExtension(of: "a/b.tar.gz") == "gz")
    }

    @Test("Removing an extension keeps a name with none, a leading dot and a trailing one")
    func removingExtension() {
        #expect(PathName.removingExtension("a/b.json") == "a/b")
        #expect(PathName.removingExtension("1") == "1")
        #expect(PathName.removingExtension(".hidden") == ".hidden")
        #expect(PathName.removingExtension("name.") == "name.")
        #expect(PathName.removingExtension("a.d/b") == "a.d/b")
        #expect(PathName.removingExtension("out/plan.svg/") == "out/plan")
    }

    @Test("Paths split at their `/` and `.` bytes, as the file system splits them, whatever the names hold")
    func bytesNotCharacters() {
        #expect(PathName.folder(of: "日本/é.json") == "日本")
        #expect(PathName.removingExtension("日本/é.json") == "日本/é")
        // A name that starts with a combining mark: one character with the `/` before it, still its own name.
        #expect(PathName.folder(of: "a/\u{301}b.json") == "a")
        #expect(PathName.lastComponent(of: "a/\u{301}b.json") == "\u{301}b.json")
        #expect(PathName.fileExtension(of: "a/b.\u{301}x") == "\u{301}x")
    }

    @Test("Joining a folder and a name")
    func joined() {
        #expect(PathName.joined("", "b") == "b")
        #expect(PathName.joined("a", "b") == "a/b")
        #expect(PathName.joined("a/", "b") == "a/b")
    }
}
