/// One heap copy of a value that many holders share: copying a `SharedValue` retains the box
/// instead of copying the value. Runs keep their style and attachment this way, so the runs of
/// a page that use one style hold one `TextStyle` (about 270 bytes) between them, not one each.
/// Equality and hashing are the value's.
@usableFromInline
indirect enum SharedValue<Value: Hashable & Sendable>: Hashable, Sendable {
    case value(Value)

    /// The shared value.
    @inlinable var value: Value {
        switch self {
        case .value(let v): return v
        }
    }
}
