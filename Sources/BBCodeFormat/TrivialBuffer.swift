/// A growable list of plain values (no references inside) that appends and reads without
/// `Array`'s uniqueness checks: the tokenizer appends a token or a tag every few bytes and
/// the tree builder reads each once. The owner calls `deallocate()` once, after the last use.
///
/// ```swift
/// var tokens = TrivialBuffer<UInt32>()
/// tokens.append(7)
/// tokens[0]  // 7
/// tokens.deallocate()
/// ```
struct TrivialBuffer<Element: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private(set) var capacity = 0

    /// Makes room for `minimumCapacity` elements in all (growing never shrinks).
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        guard minimumCapacity > capacity else { return }
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: minimumCapacity)
        if let base {
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = grown
        capacity = minimumCapacity
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { reserveCapacity(max(16, 2 * capacity)) }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
            return base.unsafelyUnwrapped[index]
        }
        set {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
            base.unsafelyUnwrapped[index] = newValue
        }
    }

    var last: Element? { count > 0 ? self[count - 1] : nil }

    /// Frees the storage; the buffer must not be used afterwards.
    func deallocate() { base?.deallocate() }
}
