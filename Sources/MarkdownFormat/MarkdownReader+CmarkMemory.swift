// Built only with the CMarkGFM package trait (the cmark-gfm C library).
#if CMarkGFM
    import CCmarkGFM

    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    extension MarkdownReader {
        /// The memory cmark-gfm parses into: blocks up to 512 bytes (nodes, literals,
        /// delimiters, short buffers) are cut from chunks, larger ones come from the C allocator.
        ///
        /// cmark asks for a small block of memory about twice per node and frees it once; through
        /// `calloc`/`free` that was a quarter of a Markdown -> HTML run. Here a block costs a bump
        /// of a pointer, and freeing it the decrement of its chunk's count of live blocks; a chunk
        /// whose blocks are all freed goes back to the C allocator at once, so the tree's memory
        /// is reused for the AST as the tree builder frees the nodes it has read. While cmark
        /// parses, freed blocks are kept on lists by size and handed out again (its delimiters,
        /// brackets, table cells and outgrown buffers come and go); when the parse ends
        /// (`endParse`) the lists are dropped. cmark's own arena never frees (a buffer that grows
        /// leaves each smaller copy behind: `>` nested 200,000 times peaked at 120 times the
        /// input); here a buffer past 512 bytes is the C allocator's and grows in place.
        ///
        /// `cmark_mem` passes no context, so the arena of the parse running on a thread is found
        /// through a thread-local key; a block records where its chunk starts and a chunk its
        /// arena, so `free` needs no lookup. Each block has an 8-byte header (a tag, the size
        /// class, the offset in its chunk) and is 8-byte aligned (cmark's structures hold
        /// pointers and integers only); a pointer without the tag is not this allocator's and
        /// goes to the C allocator as it is.
        enum CmarkMemory {
            /// The allocator cmark is given (its functions never change).
            nonisolated(unsafe) static let allocator: UnsafeMutablePointer<cmark_mem> = {
                pthread_key_create(&arenaKey, nil)
                let memory = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
                memory.initialize(
                    to: cmark_mem(
                        calloc: { count, size in CmarkMemory.allocate(count, size) },
                        realloc: { pointer, size in CmarkMemory.reallocate(pointer, size) },
                        free: { pointer in CmarkMemory.free(pointer) }))
                return memory
            }()

            /// The key of the thread's current arena, created with `allocator` (which every
            /// reader touches first) and never changed after: a plain global, so the functions
            /// cmark calls read it without a lazy-initialisation check.
            @exclusivity(unchecked) nonisolated(unsafe) static var arenaKey: pthread_key_t = 0

            /// Blocks up to this size are cut from chunks.
            static let largestSmall = 512
            /// The first chunk's size; each next one doubles, up to `largestChunk`.
            static let firstChunk = 8 * 1024
            /// (Under the C allocator's `mmap` threshold, so a freed chunk is reused in the heap.)
            static let largestChunk = 64 * 1024
            static let headerSize = 8
            static let chunkHeaderSize = 32
            /// A header is the tag ("mc" in the top 16 bits, which no size field of the C
            /// allocator reaches), the size class (8 bytes a class; `systemClass`: a C allocator
            /// block) in the next 16, and the block's offset in its chunk in the low 32.
            static let magic: UInt64 = 0x6D63 << 48
            static let tagMask: UInt64 = 0xFFFF << 48
            static let systemClass = 0xFFFF

            /// A chunk's header, at its start.
            struct Chunk {
                var live: Int
                var previous: UnsafeMutablePointer<Chunk>?
                var next: UnsafeMutablePointer<Chunk>?
                var arena: UnsafeMutablePointer<Arena>
            }

            /// The state of one parse's memory.
            struct Arena {
                var next: UnsafeMutableRawPointer?
                var end: UnsafeMutableRawPointer?
                var current: UnsafeMutablePointer<Chunk>?
                /// Every chunk not yet released (a doubly linked list).
                var chunks: UnsafeMutablePointer<Chunk>?
                var chunkSize = CmarkMemory.firstChunk
                /// Whether freed blocks are kept for reuse (while cmark parses).
                var reusing = true
                /// Freed blocks by size class, linked through their first word.
                var free: UnsafeMutablePointer<UnsafeMutableRawPointer?>
            }

            static let classCount = largestSmall / 8 + 1

            /// Runs `body` with a new arena for the allocations of this thread's cmark calls;
            /// every chunk left is released when it returns (the tree must be freed by then).
            static func withArena<Result>(_ body: () -> Result) -> Result {
                _ = allocator
                let free = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(
                    capacity: classCount)
                free.initialize(repeating: nil, count: classCount)
                let arena = UnsafeMutablePointer<Arena>.allocate(capacity: 1)
                arena.initialize(to: Arena(free: free))
                let previous = pthread_getspecific(arenaKey)
                pthread_setspecific(arenaKey, arena)
                defer {
                    pthread_setspecific(arenaKey, previous)
                    var chunk = arena.pointee.chunks
                    while let current = chunk {
                        chunk = current.pointee.next
                        cFree(current)
                    }
                    free.deallocate()
                    arena.deallocate()
                }
                return body()
            }

            /// The parse is over: freed blocks are no longer kept, and chunks whose blocks are all
            /// free are released.
            static func endParse() {
                guard let raw = pthread_getspecific(arenaKey) else { return }
                let arena = raw.assumingMemoryBound(to: Arena.self)
                arena.pointee.reusing = false
                // The blocks on the lists are not counted live: dropping the lists is enough
                // (walking them cost a cache miss a block, a fifth of a run on `*a **b` x 200,000).
                arena.pointee.free.update(repeating: nil, count: classCount)
                var chunk = arena.pointee.chunks
                while let current = chunk {
                    chunk = current.pointee.next
                    if current.pointee.live == 0 && current != arena.pointee.current {
                        unlink(current)
                    }
                }
            }

            // MARK: The three functions

            @inline(__always)
            static func allocate(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer? {
                let (bytes, overflow) = count.multipliedReportingOverflow(by: size)
                guard !overflow else { return nil }
                return block(bytes, zeroed: true)
            }

            /// A block of `bytes`: from the thread's arena when it is small, else from the C
            /// allocator.
            @inline(__always)
            static func block(_ bytes: Int, zeroed: Bool) -> UnsafeMutableRawPointer? {
                guard bytes <= largestSmall, let raw = pthread_getspecific(arenaKey) else {
                    return systemBlock(
                        zeroed ? calloc(1, bytes + headerSize) : malloc(bytes + headerSize))
                }
                let arena = raw.assumingMemoryBound(to: Arena.self)
                let sizeClass = max(1, (bytes + 7) >> 3)
                let rounded = sizeClass << 3
                if let block = arena.pointee.free[sizeClass] {
                    arena.pointee.free[sizeClass] = block.load(as: UnsafeMutableRawPointer?.self)
                    Self.chunk(of: block, Self.header(of: block)).pointee.live += 1
                    if zeroed { memset(block, 0, rounded) }
                    return block
                }
                if arena.pointee.next == nil
                    || arena.pointee.end! - arena.pointee.next! < rounded + headerSize
                {
                    guard newChunk(arena) else { return nil }
                }
                let chunk = arena.pointee.current!
                let block = arena.pointee.next! + headerSize
                let offset = block - UnsafeMutableRawPointer(chunk)
                (block - headerSize).storeBytes(
                    of: magic | UInt64(sizeClass) << 32 | UInt64(offset), as: UInt64.self)
                chunk.pointee.live += 1
                arena.pointee.next = block + rounded
                if zeroed { memset(block, 0, rounded) }
                return block
            }

            static func reallocate(_ pointer: UnsafeMutableRawPointer?, _ size: Int)
                -> UnsafeMutableRawPointer?
            {
                guard let pointer else { return block(size, zeroed: false) }
                let header = Self.header(of: pointer)
                guard header & tagMask == magic else { return realloc(pointer, size) }
                let sizeClass = Self.sizeClass(header)
                if sizeClass == systemClass {
                    return realloc(pointer - headerSize, size + headerSize).map { $0 + headerSize }
                }
                if size <= sizeClass << 3 { return pointer }
                // The block cut last grows in place while its chunk has room (cmark appends a
                // paragraph's lines to its buffer one by one): no copy, no block left behind.
                let arena = Self.chunk(of: pointer, header).pointee.arena
                if size <= largestSmall, pointer + (sizeClass << 3) == arena.pointee.next,
                    arena.pointee.end! - pointer >= size
                {
                    let grown = (size + 7) >> 3
                    (pointer - headerSize).storeBytes(
                        of: header & ~(0xFFFF << 32) | UInt64(grown) << 32, as: UInt64.self)
                    arena.pointee.next = pointer + (grown << 3)
                    return pointer
                }
                guard let moved = block(size, zeroed: false) else { return nil }
                moved.copyMemory(from: pointer, byteCount: sizeClass << 3)
                free(pointer)
                return moved
            }

            static func free(_ pointer: UnsafeMutableRawPointer?) {
                guard let pointer else { return }
                let header = Self.header(of: pointer)
                guard header & tagMask == magic else { return cFree(pointer) }
                let sizeClass = Self.sizeClass(header)
                guard sizeClass != systemClass else { return cFree(pointer - headerSize) }
                let chunk = Self.chunk(of: pointer, header)
                let arena = chunk.pointee.arena
                if arena.pointee.reusing {
                    // Kept for reuse; its chunk stays until the parse ends even with no block
                    // live (the lists still point into it).
                    chunk.pointee.live -= 1
                    pointer.storeBytes(
                        of: arena.pointee.free[sizeClass], as: UnsafeMutableRawPointer?.self)
                    arena.pointee.free[sizeClass] = pointer
                    return
                }
                release(from: chunk)
            }

            // MARK: Headers and chunks

            @inline(__always)
            private static func header(of block: UnsafeMutableRawPointer) -> UInt64 {
                (block - headerSize).load(as: UInt64.self)
            }

            @inline(__always)
            private static func sizeClass(_ header: UInt64) -> Int {
                Int(truncatingIfNeeded: header >> 32) & 0xFFFF
            }

            @inline(__always)
            private static func chunk(of block: UnsafeMutableRawPointer, _ header: UInt64)
                -> UnsafeMutablePointer<Chunk>
            {
                (block - Int(truncatingIfNeeded: header & 0xFFFF_FFFF))
                    .assumingMemoryBound(to: Chunk.self)
            }

            /// A C allocator block with its header: the pointer after it.
            private static func systemBlock(_ base: UnsafeMutableRawPointer?)
                -> UnsafeMutableRawPointer?
            {
                guard let base else { return nil }
                base.storeBytes(of: magic | UInt64(systemClass) << 32, as: UInt64.self)
                return base + headerSize
            }

            /// One block of `chunk` is freed; the chunk goes when none is left (unless it is the
            /// one being cut).
            private static func release(from chunk: UnsafeMutablePointer<Chunk>) {
                chunk.pointee.live -= 1
                let arena = chunk.pointee.arena
                guard chunk.pointee.live == 0, chunk != arena.pointee.current else { return }
                unlink(chunk)
            }

            private static func unlink(_ chunk: UnsafeMutablePointer<Chunk>) {
                let arena = chunk.pointee.arena
                if let previous = chunk.pointee.previous {
                    previous.pointee.next = chunk.pointee.next
                } else {
                    arena.pointee.chunks = chunk.pointee.next
                }
                chunk.pointee.next?.pointee.previous = chunk.pointee.previous
                cFree(chunk)
            }

            /// Starts a new chunk (the current one is released if nothing in it is live).
            private static func newChunk(_ arena: UnsafeMutablePointer<Arena>) -> Bool {
                let size = arena.pointee.chunkSize
                guard let base = malloc(size) else { return false }
                let chunk = base.bindMemory(to: Chunk.self, capacity: 1)
                chunk.initialize(
                    to: Chunk(live: 0, previous: nil, next: arena.pointee.chunks, arena: arena))
                arena.pointee.chunks?.pointee.previous = chunk
                arena.pointee.chunks = chunk
                if let old = arena.pointee.current, old.pointee.live == 0, !arena.pointee.reusing {
                    unlink(old)
                }
                arena.pointee.current = chunk
                arena.pointee.next = base + chunkHeaderSize
                arena.pointee.end = base + size
                arena.pointee.chunkSize = min(largestChunk, size * 2)
                return true
            }
        }
    }

    /// The C library's `free` (the allocator's own `free` hides it inside `CmarkMemory`).
    @inline(__always)
    private func cFree(_ pointer: UnsafeMutableRawPointer?) { free(pointer) }
#endif
