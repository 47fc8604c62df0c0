import CopypastaSystem

extension Copypasta.SyncSetup {
    /// What sync shares and where, in plain words, before anything is changed.
    static func explanation(folder: String) -> String {
        """
        copypasta sync keeps one clipboard history on all your machines. Each machine writes what it
        copies into a folder that Syncthing copies between them, and reads what the others wrote.

        Shared: the text of your history entries, with their pins, tags and titles. It is encrypted on
          this machine before it reaches the folder; the key never goes into the folder.
        Never shared: secure entries, entries marked local-only or excluded by the sync-exclude-* keys,
          and the database itself.
        Folder: \(folder) (sync-folder)


        """
    }

    /// How to get Syncthing, printed when it is missing.
    static let installHint = """
        Syncthing is not installed. Install it and start it for your user, then run this again:
          sudo apt install syncthing
          systemctl --user enable --now syncthing.service
        Sync stays off until then.

        """

    /// What the user still does by hand.
    static func nextSteps(folderID: String, guiAddress: String) -> String {
        """
        Next:
          1. Run 'copypasta sync setup' on your other machine too.
          2. In Syncthing's GUI (\(guiAddress)) add the other machine as a device and share the
             folder '\(folderID)' with it; both machines use that folder ID, so Syncthing joins them.
          3. Run 'copypasta sync init' on one machine, then 'copypasta sync join' on the other.

        """
    }
}
