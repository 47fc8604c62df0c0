import CopypastaCore
import Testing

/// The `/name` trigger rules: where a trigger may start, what ends it, and what resets it.
@Suite struct ExpansionTriggerTests {
    /// Types `keys` ("\u{8}" is BackSpace, "\u{1B}" a reset, "\u{1}" a Ctrl chord) and returns the expansions.
    func run(_ keys: String, _ trigger: inout ExpansionTrigger) -> [ExpansionTrigger.Expansion] {
        var found: [ExpansionTrigger.Expansion] = []
        for key in keys {
            switch key {
            case "\u{8}": trigger.backspace()
            case "\u{1B}": trigger.reset()
            case "\u{1}": trigger.chord()
            default: if let expansion = trigger.type(key) { found.append(expansion) }
            }
        }
        return found
    }

    func run(_ keys: String) -> [ExpansionTrigger.Expansion] {
        var trigger = ExpansionTrigger()
        return run(keys, &trigger)
    }

    @Test func aTitleAfterSlashAndBeforeASeparatorExpands() {
        #expect(run("/sig ") == [.init(title: "sig", erase: 5, separator: " ")])
        #expect(run("hello /sig,") == [.init(title: "sig", erase: 5, separator: ",")])
        #expect(run("a\t/git-signoff\n").map(\.title) == ["git-signoff"])
        #expect(run("/sig.com!").map(\.title) == ["sig.com"])
        #expect(run("/a /b ").map(\.title) == ["a", "b"])
    }

    @Test func aSlashInsideAWordOrPathIsNoTrigger() {
        #expect(run("and/or ").isEmpty)
        #expect(run("//sig ").isEmpty)
        #expect(run("/usr/sig ").isEmpty)
        #expect(run("é/sig ").isEmpty)
        #expect(run("/ ").isEmpty)
        #expect(run("/sig").isEmpty)
        #expect(run("/" + String(repeating: "a", count: 65) + " ").isEmpty)
    }

    @Test func aResetBetweenTheSlashAndTheSeparatorCancels() {
        #expect(run("/si\u{1B}g ").isEmpty)
        #expect(run("x\u{1B}/sig ").map(\.title) == ["sig"])
    }

    @Test func backSpaceEditsTheTriggerAndForgetsTheStartWhenItErasesUnseenText() {
        #expect(run("/sx\u{8}ig ") == [.init(title: "sig", erase: 5, separator: " ")])
        #expect(run("foo \u{8}\u{8}\u{8}\u{8}/sig ").map(\.title) == ["sig"])
        #expect(run("\u{8}/sig ").isEmpty)
        #expect(run("\u{8} /sig ").map(\.title) == ["sig"])
    }

    @Test func aBackSpaceRightAfterAChordKeepsTheStartOfTheField() {
        #expect(run("text\u{1}\u{8}/sig ").map(\.title) == ["sig"], "select all, delete, trigger")
        #expect(run("text\u{1}\u{8}\u{8}/sig ").isEmpty, "a second BackSpace erases unseen text")
        #expect(run("text\u{1}x\u{8}\u{8}/sig ").isEmpty)
    }

    @Test func aLongLineForgetsItsStartButStillSeesWhiteSpace() {
        let long = String(repeating: "word ", count: 40)
        #expect(run(long + "/sig ").map(\.title) == ["sig"])
        #expect(run(String(repeating: "w", count: 200) + "/sig ").isEmpty)
    }
}
