extension Array {
    /// The array itself when its storage has at most one spare slot, else a copy of exactly
    /// its size. Lists the lowering reserves ahead (a container's blocks, a row's cells, a
    /// list's items) kept that slack in the AST: a table cell's one block in room for four.
    @inline(__always)
    func trimmed() -> [Element] {
        if capacity - count < 2 { return self }
        // Reserved and appended (specialized code): `Array(unsafeUninitializedCapacity:)`
        // took the generic allocation path, a metadata lookup per call.
        var exact: [Element] = []
        exact.reserveCapacity(count)
        exact.append(contentsOf: self)
        return exact
    }
}
