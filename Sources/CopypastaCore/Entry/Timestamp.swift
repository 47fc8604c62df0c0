import Glibc

/// A point in time, in microseconds since the Unix epoch (UTC).
///
/// Microseconds keep the newest-first order stable for copies that arrive in
/// the same millisecond; the database stores this integer as is.
public struct Timestamp: Comparable, Hashable, Sendable {
    /// Microseconds since 1970-01-01T00:00:00Z.
    public var microseconds: Int64

    /// Wraps a count of microseconds since the epoch.
    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// The current wall-clock time.
    public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(microseconds: Int64(spec.tv_sec) * 1_000_000 + Int64(spec.tv_nsec) / 1000)
    }

    /// Orders timestamps by time.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.microseconds < rhs.microseconds
    }

    /// ISO 8601 in UTC with milliseconds, e.g. `2026-11-21T16:40:19.123Z`.
    public var iso8601: String {
        var seconds = time_t(microseconds.floorDivided(by: 1_000_000))
        let millis = Int(microseconds.floorModulo(1_000_000) / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return "\(pad(Int(parts.tm_year) + 1900, 4))-\(pad(Int(parts.tm_mon) + 1, 2))-\(pad(Int(parts.tm_mday), 2))"
            + "T\(pad(Int(parts.tm_hour), 2)):\(pad(Int(parts.tm_min), 2)):\(pad(Int(parts.tm_sec), 2))"
            + ".\(pad(millis, 3))Z"
    }

    /// Parses ISO 8601 as written by `iso8601` and by most tools.
    ///
    /// Accepts `YYYY-MM-DD`, optionally followed by `THH:MM[:SS[.fraction]]`
    /// and `Z` or `±HH:MM`; a date or time without a zone is local time.
    /// Impossible dates (`2026-02-30`) and offsets (`+99:99`) are nil: the C
    /// library would otherwise roll them over into another day silently.
    public static func parseISO8601(_ text: String) -> Timestamp? {
        var scanner = DigitScanner(text)
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
            let month = scanner.number(digits: 2), scanner.skip("-"),
            let day = scanner.number(digits: 2),
            (1...12).contains(month), (1...CivilTime.days(inMonth: month, of: year)).contains(day)
        else { return nil }
        var hour = 0, minute = 0, second = 0, micros = 0
        if scanner.skip("T") || scanner.skip(" ") {
            guard let h = scanner.number(digits: 2), scanner.skip(":"), let m = scanner.number(digits: 2),
                h < 24, m < 60
            else { return nil }
            hour = h
            minute = m
            if scanner.skip(":") {
                guard let s = scanner.number(digits: 2), s < 61 else { return nil }
                second = s
                if scanner.skip(".") || scanner.skip(",") {
                    guard let fraction = scanner.fraction() else { return nil }
                    micros = fraction
                }
            }
        }
        let civil = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        let epochSeconds: Int64
        if scanner.skip("Z") || scanner.skip("z") {
            epochSeconds = civil.secondsAsUTC()
        } else if let sign = scanner.sign() {
            guard let oh = scanner.number(digits: 2), oh < 24 else { return nil }
            _ = scanner.skip(":")
            guard let om = scanner.number(digits: 2), om < 60 else { return nil }
            epochSeconds = civil.secondsAsUTC() - Int64(sign * (oh * 3600 + om * 60))
        } else {
            guard let local = civil.secondsAsLocalTime() else { return nil }
            epochSeconds = local
        }
        guard scanner.atEnd else { return nil }
        return Timestamp(microseconds: epochSeconds * 1_000_000 + Int64(micros))
    }
}

/// A broken-down calendar time, converted to epoch seconds with timegm/mktime.
struct CivilTime {
    /// The calendar fields, month and day counted from 1.
    var year, month, day, hour, minute, second: Int

    private var parts: tm {
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        parts.tm_isdst = -1
        return parts
    }

    /// The number of days of `month` (1–12) in `year` of the Gregorian calendar.
    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Seconds since the epoch, reading the fields as UTC.
    func secondsAsUTC() -> Int64 {
        var parts = self.parts
        return Int64(timegm(&parts))
    }

    /// Seconds since the epoch, reading the fields as local time; nil when mktime fails.
    func secondsAsLocalTime() -> Int64? {
        var parts = self.parts
        let value = mktime(&parts)
        return value == -1 ? nil : Int64(value)
    }
}

private struct DigitScanner {
    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, index < bytes.count, bytes[index] == ascii else { return false }
        index += 1
        return true
    }

    mutating func sign() -> Int? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }

    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<index + digits] {
            guard (48...57).contains(byte) else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        index += digits
        return value
    }

    /// Reads a decimal fraction and returns it in microseconds.
    mutating func fraction() -> Int? {
        var micros = 0, scale = 100_000, count = 0
        while index < bytes.count, (48...57).contains(bytes[index]) {
            micros += Int(bytes[index] - 48) * scale
            scale /= 10
            index += 1
            count += 1
        }
        return count == 0 ? nil : micros
    }
}

private func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }

    fileprivate func floorModulo(_ divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}

/// Seconds on the monotonic clock: the time base of every deadline and timeout.
public func monotonicSeconds() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
}
