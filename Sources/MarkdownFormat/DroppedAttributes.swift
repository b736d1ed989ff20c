/// Attributes a writer dropped, gathered over a document into one message such as
/// `class and id of 130 elements (first <p>)`.
struct DroppedAttributes {
    /// The attribute names (`data-*` for every `data-` attribute) but the three below.
    var names: Set<String> = []
    /// `class`, `id` and `style`, on most elements: flags, set without hashing a name.
    var hasClass = false
    var hasID = false
    var hasStyle = false
    /// How many elements had some.
    var elements = 0
    /// The first element that had some.
    var first: String?

    /// Counts one more element.
    mutating func add(_ element: () -> String) {
        elements += 1
        if first == nil { first = element() }
    }

    /// The message, or nil when nothing was dropped.
    var message: String? {
        guard elements > 0, let first else { return nil }
        var all = names
        if hasClass { all.insert("class") }
        if hasID { all.insert("id") }
        if hasStyle { all.insert("style") }
        // class, id and style first, then the others alphabetically.
        let known = ["class", "id", "style"].filter(all.contains)
        let sorted = known + all.subtracting(known).sorted()
        let list =
            sorted.count == 1
            ? sorted[0] : sorted.dropLast().joined(separator: ", ") + " and \(sorted.last!)"
        let count = elements == 1 ? "1 element" : "\(elements) elements"
        return "\(list) of \(count) dropped (first <\(first)>)"
    }
}
