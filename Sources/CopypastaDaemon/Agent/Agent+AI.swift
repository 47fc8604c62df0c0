import CopypastaCore
import CopypastaStore

/// The daemon's part in `ai-auto` (docs/DESIGN.md "AI assistance"): it never talks to a
/// provider. When new library items lack AI results (at start, on `archive-kick` from a command
/// that added some, after an archive run) it starts `copypasta-ai auto` as one child job
/// (`BackgroundWorker.ai`); the worker picks the items and keeps to its rate.
extension Agent {
    /// Starts `copypasta-ai auto` when `ai-auto` is on and library items wait for it.
    func startAIWorker() {
        guard config.ai.auto != .off, config.ai.provider != .none else { return }
        guard let waiting = try? store.aiAutoCandidates(limit: 1), !waiting.isEmpty else { return }
        startWorker(
            .ai, arguments: ["auto"],
            missing: "ai-auto is on, but copypasta-ai is not installed next to copypasta")
    }
}
