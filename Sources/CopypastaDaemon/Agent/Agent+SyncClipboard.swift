import CopypastaCore
import CopypastaStore

extension Agent {
    /// Puts an entry another machine copied on this machine's CLIPBOARD (`sync-clipboard`,
    /// docs/DESIGN.md "Universal clipboard over sync"), and tells where it came from.
    ///
    /// Only when it was captured after this machine's own last copy and that copy is older than
    /// `sync-clipboard-quiet`: a copy made here is never replaced under the user's hands. The
    /// store only ever reports a plain entry captured from the other machine's CLIPBOARD and new
    /// here (never a secure or local-only one, which are never written, nor a trashed or edited
    /// one). The daemon owns the selection as `copy` does, so its capture ignores it (its own
    /// window) and nothing is written back: the other machine does not get it again.
    func offer(_ arrival: RemoteArrival, from device: String) {
        guard config.syncClipboard, pasteSession == nil else { return }
        if let last = (try? store.lastCaptureAt()) ?? nil {
            let quiet = Int64(config.syncClipboardQuietMilliseconds) * 1000
            guard arrival.capturedAt > last, Timestamp.now().microseconds - last.microseconds >= quiet else {
                logger.info(
                    "a copy from another device stays in the history only: this machine copied more recently",
                    metadata: ["id": "\(arrival.id)", "device": "\(device)"])
                return
            }
        }
        do {
            let entry = try store.entry(id: arrival.id)
            guard !entry.secure, entry.trashedAt == nil, let text = entry.text else { return }
            try display.own([.clipboard], text: text, secret: false)
            logger.info(
                "a copy from another device is the clipboard now",
                metadata: ["id": "\(entry.id)", "device": "\(device)", "bytes": "\(text.utf8.count)"])
            loop.runHook(
                .arrived, id: entry.id, selection: .clipboard, text: text, app: entry.sourceApp, config: config, paths: paths,
                logger: logger, device: device)
        } catch {
            logger.warning("a copy from \(device) did not become the clipboard: \(error)", metadata: ["id": "\(arrival.id)"])
        }
    }
}
