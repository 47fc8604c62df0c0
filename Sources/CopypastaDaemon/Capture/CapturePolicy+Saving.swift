import CopypastaCore
import CopypastaX11
import Logging

extension CapturePolicy {
    /// An exiting application's clipboard save ended (it already has its answer): its text
    /// becomes history like any capture, so the capture of the same copy and the save store
    /// it once (the duplicate rule), and the ignore rules apply to it as to a capture.
    func clipboardSaved(_ report: SaveReport) {
        let read = report.read
        var extra: Logger.Metadata = ["app": "\(read.app ?? "-")", "targets": "\(report.targets.count)"]
        if !report.overCap.isEmpty { extra["over-cap"] = "\(report.overCap.joined(separator: ","))" }
        if report.stalled { extra["stalled"] = "the application stopped answering; kept what arrived" }
        if let refusal = report.refusal {
            extra["reason"] = "\(refusal)"
            return logger.info("did not save the clipboard of an exiting application", metadata: meta(.clipboard, extra))
        }
        guard report.taken else {
            return logger.info("could not save the clipboard of an exiting application", metadata: meta(.clipboard, extra))
        }
        logger.info("saved the clipboard of an exiting application", metadata: meta(.clipboard, extra))
        guard let text = report.text, config.selections.contains(.clipboard) else { return }
        if let skip = filter.checkOwner(targets: report.targets, classNames: read.classNames) { return skipped(read, skip) }
        receive(text, repaired: report.repaired, from: read)
    }
}
