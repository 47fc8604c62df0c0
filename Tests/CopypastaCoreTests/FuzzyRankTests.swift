import CopypastaCore
import Testing

/// The fuzzy ranking: each score level, folding of case and diacritics, and the tie order.
@Suite struct FuzzyRankTests {
    @Test(
        arguments: [
            ("git-signoff", "git-signoff", 120),
            ("GIT-SignOff", "git-signoff", 120),
            ("git", "git-signoff", 100),
            ("sign", "git-signoff", 80),
            ("gnof", "git-signoff", 60),
            ("gsig", "git-signoff", 40),
            ("café", "Cafe-Menu", 100),
            ("cafe", "CAFÉ", 120),
            ("strasse", "straße", nil),
            ("übung", "Ubung", 120),
        ] as [(String, String, Int?)])
    func titleScores(query: String, title: String, expected: Int?) {
        #expect(FuzzyRank.score(query, title: title, text: nil) == expected)
    }

    @Test func textScoresWordPrefixAndSubstringButNotScatteredLetters() {
        #expect(FuzzyRank.score("regard", title: nil, text: "Kind regards, A.") == 80)
        #expect(FuzzyRank.score("gards", title: nil, text: "Kind regards, A.") == 60)
        #expect(FuzzyRank.score("krs", title: nil, text: "Kind regards, A.") == nil)
        #expect(FuzzyRank.score("resume", title: nil, text: "my RÉSUMÉ") == 80)
        #expect(FuzzyRank.score("", title: "a", text: "a") == nil)
    }

    @Test func theBetterOfTitleAndTextCounts() {
        #expect(FuzzyRank.score("kind", title: "sig", text: "Kind regards") == 80)
        #expect(FuzzyRank.score("sg", title: "sig", text: "Kind regards") == 40)
        #expect(FuzzyRank.score("sig", title: "sig", text: "Kind regards") == 120)
    }

    @Test func tiesGoToTheMostUsedThenTheMostRecent() {
        func entry(_ id: Int64, uses: Int, captured: Int64, used: Int64?) -> Entry {
            Entry(
                id: id, text: nil, previewSource: "", capturedAt: Timestamp(microseconds: captured), source: .manual,
                sourceApp: nil, bytes: 0, pinned: false, tags: [], useCount: uses,
                lastUsedAt: used.map(Timestamp.init(microseconds:)))
        }
        let often = entry(1, uses: 5, captured: 1, used: 2)
        let lately = entry(2, uses: 1, captured: 1, used: 90)
        let new = entry(3, uses: 1, captured: 50, used: nil)
        #expect(FuzzyRank.precedes(often, lately) && FuzzyRank.precedes(often, new))
        #expect(FuzzyRank.precedes(lately, new) && !FuzzyRank.precedes(new, lately))
    }
}
