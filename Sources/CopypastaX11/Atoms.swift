import CX11
import CopypastaCore

/// The atoms copypasta uses, interned once per connection.
struct Atoms {
    /// Selections and the protocol targets and types of ICCCM §2.
    let clipboard, primary, targets, timestamp, multiple, atomPair, incr, integer: Atom
    /// The text targets, in the order of preference for reading.
    let utf8String, textPlainUTF8, textPlain, string, text: Atom
    /// The clipboard-manager protocol: its selection, request target, announcement and reply type.
    let clipboardManager, saveTargets, manager, null: Atom
    /// Properties of the manager window a clipboard save converts into.
    let saveTargetsProperty, saveMultipleProperty: Atom
    /// Window properties, and our timestamp property.
    let wmClientLeader, windowType, timestampProperty: Atom
    /// Properties our conversions write into, used in rotation so that a late
    /// write from a superseded owner never lands in a current conversion.
    let conversionProperties: [Atom]

    /// Interns every atom on `display`.
    init(display: OpaquePointer) {
        func intern(_ name: String) -> Atom { XInternAtom(display, name, False) }
        clipboard = intern("CLIPBOARD")
        primary = Atom(XA_PRIMARY)
        targets = intern("TARGETS")
        timestamp = intern("TIMESTAMP")
        multiple = intern("MULTIPLE")
        atomPair = intern("ATOM_PAIR")
        incr = intern("INCR")
        integer = Atom(XA_INTEGER)
        utf8String = intern("UTF8_STRING")
        textPlainUTF8 = intern("text/plain;charset=utf-8")
        textPlain = intern("text/plain")
        string = Atom(XA_STRING)
        text = intern("TEXT")
        clipboardManager = intern("CLIPBOARD_MANAGER")
        saveTargets = intern("SAVE_TARGETS")
        manager = intern("MANAGER")
        null = intern("NULL")
        saveTargetsProperty = intern("COPYPASTA_SAVE_TARGETS")
        saveMultipleProperty = intern("COPYPASTA_SAVE_MULTIPLE")
        wmClientLeader = intern("WM_CLIENT_LEADER")
        windowType = Atom(XA_WINDOW)
        timestampProperty = intern("COPYPASTA_TIMESTAMP")
        conversionProperties = (0..<8).map { intern("COPYPASTA_CONVERSION_\($0)") }
    }
}

extension Atoms {
    /// The atom of a selection.
    func atom(for selection: Config.Selection) -> Atom {
        switch selection {
        case .clipboard: clipboard
        case .primary: primary
        }
    }

    /// The selection an atom names, if it is one copypasta uses.
    func selection(for atom: Atom) -> Config.Selection? {
        atom == clipboard ? .clipboard : atom == primary ? .primary : nil
    }
}
