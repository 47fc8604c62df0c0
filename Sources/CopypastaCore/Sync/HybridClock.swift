import Glibc

/// The hybrid logical clock of sync records (docs/DESIGN.md §14.3).
///
/// A clock value is wall-clock milliseconds shifted left 16 bits plus a counter, so it orders
/// like time but never goes backwards on one machine: every value this machine issues is above
/// the last one it issued or received. A clock from a machine whose wall clock runs far ahead is
/// applied, but does not drag ours along, so one skewed peer cannot make every later local edit
/// lose against it for as long as it is ahead.
public enum HybridClock {
    /// How far ahead of our wall clock a received clock may be and still move ours: 5 minutes.
    public static let maximumDriftMilliseconds: Int64 = 5 * 60 * 1000

    /// The environment variable that shifts the wall clock by signed milliseconds (tests).
    public static let offsetVariable = "COPYPASTA_TEST_CLOCK_OFFSET_MS"

    /// The clock value for a local change: strictly above `last`.
    public static func next(last: Int64, wallMilliseconds: Int64) -> Int64 {
        let physical = max(wallMilliseconds, 0) << 16
        return physical > last ? physical : last + 1
    }

    /// Our last clock after receiving `remote`; `tooFarAhead` when `remote` is more than five
    /// minutes ahead of the wall clock and so was not taken.
    public static func received(last: Int64, remote: Int64, wallMilliseconds: Int64) -> (last: Int64, tooFarAhead: Bool) {
        let limit = (max(wallMilliseconds, 0) + maximumDriftMilliseconds) << 16
        if remote > limit { return (last, true) }
        return (max(last, remote), false)
    }

    /// Milliseconds since the epoch of the wall clock, shifted by `COPYPASTA_TEST_CLOCK_OFFSET_MS`
    /// when `environment` sets it (tests make two machines disagree about the time).
    public static func wallMilliseconds(environment: [String: String]) -> Int64 {
        let now = Timestamp.now().microseconds / 1000
        // Tests shift by minutes or hours; an offset beyond ten years is refused (ignored) so the
        // clock arithmetic (milliseconds << 16) never overflows.
        guard let text = environment[offsetVariable], let offset = Int64(text), offset.magnitude <= 10 * 366 * 86_400_000 else {
            return now
        }
        return now + offset
    }

    /// `wallMilliseconds(environment:)` with this process's environment.
    public static func wallMilliseconds() -> Int64 {
        var environment: [String: String] = [:]
        if let value = getenv(offsetVariable) { environment[offsetVariable] = String(cString: value) }
        return wallMilliseconds(environment: environment)
    }

    /// The wall-clock time of a clock value.
    public static func timestamp(of clock: Int64) -> Timestamp {
        Timestamp(microseconds: (clock >> 16) * 1000)
    }
}
