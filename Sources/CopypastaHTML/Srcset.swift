/// A `srcset` attribute (`img`, `source`) split into image candidates as the WHATWG "parse a
/// srcset attribute" algorithm does: a URL is whatever runs to the next whitespace (so it may
/// contain commas, `a,b.png 2x`), trailing commas end a candidate without descriptors, and a
/// descriptor list runs to the next comma outside parentheses.
enum Srcset {
    /// One candidate: its URL as written and its descriptors (`2x`, `640w`), possibly empty.
    struct Candidate: Equatable {
        var url: String
        var descriptors: String
    }

    /// The candidates of `value`.
    static func parse(_ value: String) -> [Candidate] {
        let scalars = Array(value.unicodeScalars)
        var index = 0
        var candidates: [Candidate] = []
        while true {
            while index < scalars.count, CSSTokenizer.isSpace(scalars[index]) || scalars[index] == "," { index += 1 }
            guard index < scalars.count else { return candidates }
            let start = index
            while index < scalars.count, !CSSTokenizer.isSpace(scalars[index]) { index += 1 }
            var urlEnd = index
            if scalars[urlEnd - 1] == "," {
                while urlEnd > start, scalars[urlEnd - 1] == "," { urlEnd -= 1 }
                candidates.append(Candidate(url: text(scalars[start..<urlEnd]), descriptors: ""))
                continue
            }
            let descriptorStart = index
            var depth = 0
            while index < scalars.count {
                let scalar = scalars[index]
                if scalar == "(" { depth += 1 }
                if scalar == ")", depth > 0 { depth -= 1 }
                if scalar == ",", depth == 0 { break }
                index += 1
            }
            let descriptors = text(scalars[descriptorStart..<index]).trimmingASCIIWhitespace()
            candidates.append(Candidate(url: text(scalars[start..<urlEnd]), descriptors: descriptors))
        }
    }

    /// Candidates written back as an attribute value.
    static func serialize(_ candidates: [Candidate]) -> String {
        candidates.map { $0.descriptors.isEmpty ? $0.url : $0.url + " " + $0.descriptors }.joined(separator: ", ")
    }

    private static func text(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}
