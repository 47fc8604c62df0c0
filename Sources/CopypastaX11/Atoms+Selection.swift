import CX11
import CopypastaCore

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
