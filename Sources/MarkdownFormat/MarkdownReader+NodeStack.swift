extension MarkdownReader {
    /// A stack of AST values that hands out its top segment by moving the values into a new,
    /// exactly sized array (no copies, no retain/release, no reallocation of the stack).
    ///
    /// The tree builder keeps the children of every open container on such stacks; a container
    /// takes its segment when it closes.
    struct NodeStack<Element>: ~Copyable {
        private var base: UnsafeMutablePointer<Element>
        private var capacity: Int
        /// The number of values on the stack.
        private(set) var count = 0

        init(capacity: Int = 64) {
            self.capacity = max(4, capacity)
            base = .allocate(capacity: self.capacity)
        }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }

        /// The top value (the stack must not be empty).
        @inline(__always)
        var last: Element { base[count - 1] }

        @inline(__always)
        mutating func append(_ element: consuming Element) {
            if count == capacity { grow() }
            (base + count).initialize(to: element)
            count += 1
        }

        /// Removes and returns the top value (the stack must not be empty).
        @inline(__always)
        mutating func removeLast() -> Element {
            count -= 1
            return (base + count).move()
        }

        /// Moves the values from `start` on into a new array, in order.
        mutating func take(from start: Int) -> [Element] {
            let taken = count - start
            guard taken > 0 else { return [] }
            let source = base + start
            count = start
            // Array literals allocate through a cached metadata accessor; the general path looks
            // the array storage type up at run time (about half the cost of a small array).
            switch taken {
            case 1: return [source.move()]
            case 2: return [source.move(), (source + 1).move()]
            case 3: return [source.move(), (source + 1).move(), (source + 2).move()]
            default: break
            }
            return [Element](unsafeUninitializedCapacity: taken) { buffer, initialized in
                buffer.baseAddress!.moveInitialize(from: source, count: taken)
                initialized = taken
            }
        }

        private mutating func grow() {
            let newCapacity = capacity * 2
            let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
            newBase.moveInitialize(from: base, count: count)
            base.deallocate()
            base = newBase
            capacity = newCapacity
        }
    }
}
