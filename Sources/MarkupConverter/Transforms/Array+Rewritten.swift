extension Array {
    /// The array with each element `change` gives a replacement for replaced, copied at the
    /// first change only; nil when `change` returns nil for every element.
    func rewritten(_ change: (Element) -> Element?) -> [Element]? {
        var result: [Element]?
        for index in indices {
            guard let new = change(self[index]) else { continue }
            if result == nil { result = self }
            result![index] = new
        }
        return result
    }

    /// The array with each element `change` gives replacements for (any number) spliced in,
    /// copied at the first change only; nil when `change` returns nil for every element.
    func spliced(_ change: (Element) -> [Element]?) -> [Element]? {
        var out: [Element]?
        for index in indices {
            guard let new = change(self[index]) else {
                out?.append(self[index])
                continue
            }
            if out == nil { out = Array(self[..<index]) }
            out!.append(contentsOf: new)
        }
        return out
    }
}
