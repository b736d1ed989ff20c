extension Attributes {
    /// `class`, `id` or `class and id`: which of the two are set, as a message about dropping
    /// them names them; nil when neither is. Writers that drop them report it as info (a
    /// presentational loss every converter makes).
    ///
    /// ```swift
    /// Attributes(id: "a", classes: ["b"]).classAndIDNames  // "class and id"
    /// Attributes(tag: "x-card").classAndIDNames  // nil
    /// ```
    package var classAndIDNames: String? {
        switch (classes.isEmpty, id.isEmpty) {
        case (true, true): return nil
        case (false, true): return "class"
        case (true, false): return "id"
        case (false, false): return "class and id"
        }
    }

    /// ``classAndIDNames`` when a class and an id are all these attributes hold (no tag, no
    /// other attribute, no style); nil otherwise.
    package var onlyClassAndID: String? {
        tag == nil && pairs.isEmpty && style.isEmpty ? classAndIDNames : nil
    }
}
