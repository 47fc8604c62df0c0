import CopypastaCore
import CopypastaX11

extension Agent {
    /// Applies `clipboard-manager` and the save caps, and says in the log what came of it.
    func applyManagerRole() {
        let outcome = display.configureManager(
            config.clipboardManager, perTargetBytes: config.saveTargetMaxBytes, totalBytes: config.saveMaxBytes)
        switch outcome {
        case .claimed:
            logger.info("copypasta is the clipboard manager: exiting applications hand their clipboard over")
        case let .replaced(previous):
            logger.notice(
                """
                took the clipboard-manager role from window \(previous); to keep the desktop's own manager from \
                taking it back, turn it off (Xfce: XFSETTINGSD_NO_CLIPBOARD=1 in xfsettingsd's environment; MATE: \
                gsettings set org.mate.SettingsDaemon.plugins.clipboard active false)
                """)
        case let .heldByOther(owner):
            logger.info(
                """
                another clipboard manager (window \(owner)) holds the role; copypasta keeps history only and takes \
                the role if it becomes free (clipboard-manager = replace takes it now)
                """)
        case .failed:
            logger.warning("could not take the clipboard-manager role: the X server did not confirm it")
        case .held, .off:
            break
        }
    }
}
