import ArgumentParser

/// `--name`, the name other machines show for this one, of `sync init` and `sync join`.
struct DeviceNameOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The name other machines show for this one (default: sync-device-name, else the host name).", valueName: "name"))
    var name: String?
}
