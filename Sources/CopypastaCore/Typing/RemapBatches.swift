/// Splits typing into batches for the characters the layout lacks.
///
/// Only a few keycodes are free to bind, and rebinding them makes every
/// client re-read the keyboard mapping, so the text is cut into as few
/// batches as possible: each batch is the longest run of steps whose missing
/// characters fit in the spare keycodes, and is bound in one go before it is
/// typed.
public enum RemapBatches {
    /// One batch: the characters to bind first, then the steps to type.
    public struct Batch: Equatable, Sendable {
        /// Distinct characters that need a spare keycode in this batch, in order of first use.
        public var bind: [Unicode.Scalar]
        /// The steps of this batch (indices into the plan).
        public var steps: Range<Int>
    }

    /// Batches for `steps`, where `isMissing` says which characters need binding and `capacity` keycodes
    /// are free (at least 1); a plan without missing characters is one batch that binds nothing.
    public static func plan(_ steps: [TypeStep], capacity: Int, isMissing: (Unicode.Scalar) -> Bool) -> [Batch] {
        precondition(capacity >= 1, "remapping needs at least one spare keycode")
        var batches: [Batch] = []
        var current = Batch(bind: [], steps: 0..<0)
        for (index, step) in steps.enumerated() {
            if case let .character(scalar) = step, isMissing(scalar), !current.bind.contains(scalar) {
                if current.bind.count == capacity {
                    batches.append(current)
                    current = Batch(bind: [], steps: index..<index)
                }
                current.bind.append(scalar)
            }
            current.steps = current.steps.lowerBound..<(index + 1)
        }
        if !current.steps.isEmpty || batches.isEmpty { batches.append(current) }
        return batches
    }
}
