import CopypastaCore
import CopypastaStore

extension Agent {
    /// Derives the key of the secure entries from `passphrase` and keeps it (in locked memory, see
    /// `SecretKey`) for `secure-unlock-timeout`: a deadline of the loop, not a timer thread.
    /// A wrong passphrase is exit 77 and leaves a key already held as it was.
    func unlock(_ passphrase: [UInt8]) throws {
        var passphrase = passphrase
        defer { Sodium.wipe(&passphrase) }
        let key = try store.secureKey(passphrase: passphrase, create: false)
        secureKey = (key, monotonicSeconds() + Double(config.secureUnlockTimeoutMilliseconds) / 1000)
        logger.info("secure entries unlocked", metadata: ["seconds": "\(config.secureUnlockTimeoutMilliseconds / 1000)"])
    }

    /// Forgets the key at once (`copypasta lock`, or its timeout); the buffer is wiped as it is freed.
    func lockSecureEntries(reason: String) {
        guard secureKey != nil else { return }
        secureKey = nil
        logger.info("secure entries locked \(reason)")
    }

    /// Starts the `secure-clear` countdown for a secure text just put on CLIPBOARD (and PRIMARY).
    func scheduleSecureClear(_ fingerprint: Fingerprint) {
        secureClear = (monotonicSeconds() + Double(config.secureClearMilliseconds) / 1000, fingerprint)
    }

    /// Runs the secure deadlines that are due: the relock and the clipboard clear.
    func expireSecure(now: Double) {
        if let held = secureKey, held.until <= now { lockSecureEntries(reason: "after secure-unlock-timeout") }
        if let clear = secureClear, clear.at <= now {
            secureClear = nil
            if display.withdraw(ifOffering: clear.fingerprint) {
                logger.info("took a secure entry off the clipboard after secure-clear")
            } else {
                logger.info("secure-clear: the clipboard changed meanwhile, left alone")
            }
        }
    }
}
