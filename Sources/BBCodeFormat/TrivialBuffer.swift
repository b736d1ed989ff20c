#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A growable list of plain values (no references inside) that appends and reads without
/// `Array`'s uniqueness checks: the tokenizer appends a token or a tag every few bytes and
/// the tree builder reads each once. The owner calls `deallocate()` once, after the last use.
///
/// The values live in pages of under 1 KiB (C `malloc`): growing adds a page and copies
/// nothing, and pages of one size, freed after every post, come back from the C allocator's
/// per-thread cache for the next (a buffer of 1 KiB or more would take its slower path, and
/// one sized by the input would rarely find a freed block of its size). The first page is
/// held directly: a post's tokens or counts need no page list.
///
/// ```swift
/// var tokens = TrivialBuffer<UInt32>()
/// tokens.append(7)
/// tokens[0]  // 7
/// tokens.deallocate()
/// ```
struct TrivialBuffer<Element: BitwiseCopyable> {
    /// The values a page holds: as many as fit in 1,008 bytes (a block of 1 KiB with the C
    /// allocator's header), at least one.
    private static var perPage: Int { max(1, 1008 / MemoryLayout<Element>.stride) }
    private var first: UnsafeMutablePointer<Element>?
    /// Pages 1, 2, ... (`restCount` of them).
    private var rest: UnsafeMutablePointer<UnsafeMutablePointer<Element>>?
    private var restCount = 0
    private var restCapacity = 0
    private(set) var count = 0
    /// The pages' room: `perPage` times their number.
    private var capacity = 0
    /// Where the next value goes (nil before the first page), and the end of its page: the
    /// page after it follows there (after `removeLast` it may be one that exists already).
    private var next: UnsafeMutablePointer<Element>?
    private var pageEnd: UnsafeMutablePointer<Element>?

    /// `count` copies of `value`.
    init(repeating value: Element, count: Int) {
        while self.count < count {
            let n = min(Self.perPage, count - self.count)
            let page = addPage()
            page.initialize(repeating: value, count: n)
            next = page + n
            pageEnd = page + Self.perPage
            self.count += n
        }
    }

    init() {}

    @inline(__always)
    mutating func append(_ element: Element) {
        if next == pageEnd { nextPage() }
        next.unsafelyUnwrapped.initialize(to: element)
        next = next.unsafelyUnwrapped + 1
        count += 1
    }

    /// Moves `next` to the start of the page after the one it ends (adding a page when there is
    /// none).
    private mutating func nextPage() {
        let page = count < capacity ? address(count) : addPage()
        next = page
        pageEnd = page + Self.perPage
    }

    /// Adds a page; returns it.
    @discardableResult
    private mutating func addPage() -> UnsafeMutablePointer<Element> {
        guard let raw = malloc(MemoryLayout<Element>.stride * Self.perPage) else {
            fatalError("out of memory")
        }
        let page = raw.bindMemory(to: Element.self, capacity: Self.perPage)
        capacity += Self.perPage
        guard first != nil else {
            first = page
            return page
        }
        if restCount == restCapacity {
            restCapacity = max(8, 2 * restCapacity)
            let bytes = restCapacity * MemoryLayout<UnsafeMutablePointer<Element>>.stride
            guard let grown = realloc(rest, bytes) else { fatalError("out of memory") }
            rest = grown.bindMemory(to: UnsafeMutablePointer<Element>.self, capacity: restCapacity)
        }
        rest.unsafelyUnwrapped[restCount] = page
        restCount += 1
        return page
    }

    /// Where value `index` (below the pages' capacity) is.
    @inline(__always)
    private func address(_ index: Int) -> UnsafeMutablePointer<Element> {
        if index < Self.perPage { return first.unsafelyUnwrapped + index }
        let (page, offset) = index.quotientAndRemainder(dividingBy: Self.perPage)
        return rest.unsafelyUnwrapped[page - 1] + offset
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
            return address(index).pointee
        }
        set {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
            address(index).pointee = newValue
        }
    }

    var last: Element? { count > 0 ? self[count - 1] : nil }

    /// Removes the last value (there must be one) and returns it; its page stays.
    @inline(__always)
    mutating func removeLast() -> Element {
        precondition(count > 0, "removeLast of an empty buffer")
        count -= 1
        next = address(count)
        pageEnd = next.unsafelyUnwrapped - count % Self.perPage + Self.perPage
        return next.unsafelyUnwrapped.pointee
    }

    /// Frees the storage; the buffer (and its copies) must not be used afterwards.
    func deallocate() {
        for k in 0..<restCount { free(rest.unsafelyUnwrapped[k]) }
        free(rest)
        free(first)
    }
}
