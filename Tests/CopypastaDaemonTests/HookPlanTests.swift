import CopypastaCore
import Glibc
import TestSupport
import Testing

@testable import CopypastaDaemon

/// Which command a hook event runs, with which environment, and how the notification is escaped.
@Suite struct HookPlanTests {
    let sandbox = Sandbox()

    func plan(_ configure: (inout Config) -> Void = { _ in }) -> HookPlan {
        var config = Config()
        configure(&config)
        let paths = Paths.resolve(database: nil, config: nil, environment: sandbox.environment, home: sandbox.root, uid: getuid())
        return HookPlan(config: config, paths: paths)
    }

    @Test func aConfiguredHookRunsForItsEvent() {
        let plan = plan {
            $0.onCapture = "/opt/hooks/captured"
            $0.onCopy = "/opt/hooks/copied"
        }
        #expect(plan.command(for: .capture, preview: "x")?.argv == ["/opt/hooks/captured"])
        #expect(plan.command(for: .capture, preview: "x")?.name == "on-capture")
        for event in [HookEvent.copy, .paste, .type] {
            #expect(plan.command(for: event, preview: "x")?.argv == ["/opt/hooks/copied"])
            #expect(plan.command(for: event, preview: "x")?.name == "on-copy")
        }
    }

    @Test func anExecutableInTheHooksDirectoryRunsWhenNoneIsConfigured() {
        let script = sandbox.write("config/copypasta/hooks/on-capture", "#!/bin/sh\n", mode: 0o755)
        sandbox.write("config/copypasta/hooks/on-copy", "#!/bin/sh\n", mode: 0o644)
        let plan = plan { $0.feedback = .none }
        #expect(plan.command(for: .capture, preview: "x")?.argv == [script])
        #expect(plan.command(for: .copy, preview: "x") == nil, "not executable, no feedback")
    }

    @Test func aCaptureWithoutHookRunsNothingEvenWithNotifications() {
        #expect(plan().command(for: .capture, preview: "x") == nil)
    }

    @Test func theEnvironmentDescribesTheEntryAndNotItsText() {
        let text = "line one\nline two"
        let environment = HookPlan.environment(event: .capture, id: 42, selection: .primary, text: text, app: "Gedit")
        #expect(environment["COPYPASTA_EVENT"] == "capture")
        #expect(environment["COPYPASTA_ID"] == "42")
        #expect(environment["COPYPASTA_SELECTION"] == "primary")
        #expect(environment["COPYPASTA_BYTES"] == String(text.utf8.count))
        #expect(environment["COPYPASTA_PREVIEW"] == Preview.short(text))
        #expect(environment["COPYPASTA_SOURCE_APP"] == "Gedit")
        #expect(!environment.values.contains(text))
        #expect(
            HookPlan.environment(event: .copy, id: 1, selection: .clipboard, text: "x", app: nil)["COPYPASTA_SOURCE_APP"] == "")
    }

    @Test func notificationMarkupIsEscaped() {
        #expect(HookPlan.escapeMarkup("<b>fish & chips</b>") == "&lt;b&gt;fish &amp; chips&lt;/b&gt;")
        #expect(HookPlan.escapeMarkup("plain ünïcode") == "plain ünïcode")
    }
}
