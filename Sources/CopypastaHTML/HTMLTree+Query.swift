extension HTMLTree {
    /// The indices of the nodes below `root` (itself included) in document order, without
    /// recursion.
    public func descendants(of root: Int = 0) -> [Int] {
        var order: [Int] = []
        var stack = [root]
        while let index = stack.popLast() {
            order.append(index)
            stack.append(contentsOf: nodes[index].children.reversed())
        }
        return order
    }

    /// The elements below `root` named `name`, in document order.
    public func elements(named name: String, under root: Int = 0) -> [Int] {
        descendants(of: root).filter { nodes[$0].kind == .element && nodes[$0].name == name }
    }

    /// The text below `root`, concatenated as it appears (no spacing added).
    public func textContent(of root: Int) -> String {
        var text = ""
        for index in descendants(of: root) where nodes[index].kind == .text { text += nodes[index].text }
        return text
    }

    /// Whether `index` is an element named `name`.
    func isElement(_ index: Int, _ name: String) -> Bool {
        nodes[index].kind == .element && nodes[index].name == name
    }

    /// The nearest ancestor of `index` named one of `names`, if any.
    func ancestor(of index: Int, named names: Set<String>) -> Int? {
        var current = nodes[index].parent
        while current > 0 {
            if nodes[current].kind == .element, names.contains(nodes[current].name) { return current }
            current = nodes[current].parent
        }
        return nil
    }
}

extension String {
    /// The text with runs of whitespace collapsed to one space and the ends trimmed: how a
    /// title or a byline reads.
    var collapsingWhitespace: String {
        split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
