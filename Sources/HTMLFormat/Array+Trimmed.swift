extension Array {
    /// The array itself when its storage has at most one spare slot, else a copy of exactly
    /// its size. Lists the lowering reserves ahead (a container's blocks, a row's cells, a
    /// list's items) kept that slack in the AST: a table cell's one block in room for four.
    @inline(__always)
    func trimmed() -> [Element] {
        if capacity - count < 2 { return self }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            initialized = self.withUnsafeBufferPointer { buffer.initialize(fromContentsOf: $0) }
        }
    }
}
