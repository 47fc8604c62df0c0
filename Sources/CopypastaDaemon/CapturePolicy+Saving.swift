import CopypastaCore
import CopypastaX11

extension CapturePolicy {
    /// An exiting application's clipboard was saved (it already has its answer): its text
    /// becomes history like any capture, so the capture of the same copy and the save store
    /// it once (the duplicate rule), and the ignore rules apply to it as to a capture.
    func clipboardSaved(_ read: SelectionRead, text: String?, repaired: Bool, targets: [String], overCap: [String]) {
        var extra: [String: String] = ["app": read.app ?? "-", "targets": "\(targets.count)"]
        if !overCap.isEmpty { extra["over-cap"] = overCap.joined(separator: ",") }
        logger.info("saved the clipboard of an exiting application", metadata: meta(.clipboard, extra.mapValues { "\($0)" }))
        guard let text else { return }
        if let skip = filter.checkOwner(targets: targets, classNames: read.classNames) { return skipped(read, skip) }
        receive(text, repaired: repaired, from: read)
    }
}
