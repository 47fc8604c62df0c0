/// A text compared without regard to case or to the diacritics of Latin letters, as the fuzzy
/// ranking (`FuzzyRank`) compares titles and texts.
///
/// The standard library has no Unicode decomposition, so diacritics are folded by a table of
/// Latin-1 Supplement and Latin Extended-A (`é` → `e`, `Ä` → `a`, `ß` → `s`), which covers the
/// accented letters of the languages written in Latin script; combining marks of decomposed
/// text are dropped. Other scripts are only lowercased.
public struct FoldedText: Sendable {
    /// The folded scalars.
    public let scalars: [Unicode.Scalar]

    /// Folds `text`.
    public init(_ text: some StringProtocol) {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars { Self.fold(scalar, into: &scalars) }
        self.scalars = scalars
    }

    /// Already folded scalars.
    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    /// `FuzzyRank.wordPrefix` when `query` starts a word here, `substring` when it is only
    /// inside one, nil when it is absent.
    func find(_ query: [Unicode.Scalar]) -> Int? {
        guard !query.isEmpty, query.count <= scalars.count else { return nil }
        var found: Int?
        for start in 0...(scalars.count - query.count) where scalars[start] == query[0] {
            guard scalars[start..<start + query.count].elementsEqual(query) else { continue }
            if start == 0 || !Self.isWordScalar(scalars[start - 1]) { return FuzzyRank.wordPrefix }
            found = FuzzyRank.substring
        }
        return found
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Latin-1 Supplement and Latin Extended-A, U+00C0 to U+017F, without their diacritics.
    private static let latin: [Unicode.Scalar] = Array(
        ("AAAAAAACEEEEIIIIDNOOOOO×OUUUUYÞsaaaaaaaceeeeiiiidnooooo÷ouuuuyþy"
            + "AaAaAaCcCcCcCcDdDdEeEeEeEeEeGgGgGgGgHhHhIiIiIiIiIiĲĳJjKkĸLlLlLlLlLlNnNnNnŉŊŋOoOoOoŒœRrRrRrSsSsSsSsTtTtTtUuUuUuUuUuUuWwYyYZzZzZzſ")
            .unicodeScalars)

    private static func fold(_ scalar: Unicode.Scalar, into out: inout [Unicode.Scalar]) {
        let value = scalar.value
        if (0x300...0x36F).contains(value) { return }
        let base = (0xC0...0x17F).contains(value) ? latin[Int(value - 0xC0)] : scalar
        if base.isASCII {
            let ascii = UInt8(base.value)
            out.append(ascii >= 0x41 && ascii <= 0x5A ? Unicode.Scalar(ascii + 0x20) : base)
        } else {
            out.append(contentsOf: base.properties.lowercaseMapping.unicodeScalars)
        }
    }
}
