/// The runs `StyledRunsWriter` writes, read in place: a `StyledText`'s runs, or a resolver's
/// run records and the style table they index.
protocol RunTable {
    /// The number of runs.
    var count: Int { get }
    /// The UTF-16 range of run `i`.
    func range(_ i: Int) -> Range<Int>
    /// Appends the attributes of run `i` (relative to `root`), after a space.
    func appendAttributes(_ i: Int, root: borrowing TextStyle, to out: inout RunsOutput)
}

/// The runs of a `StyledText`.
struct StyledRunTable: RunTable {
    let runs: UnsafeBufferPointer<StyledRun>

    var count: Int { runs.count }

    func range(_ i: Int) -> Range<Int> { runs.baseAddress![i].range }

    func appendAttributes(_ i: Int, root: borrowing TextStyle, to out: inout RunsOutput) {
        out.appendRunAttributes(runs.baseAddress![i], root: copy root, leadingSpace: true)
    }
}

/// The run records of a `StyleResolver`: each run starts where the one before it ends, its
/// style and attachment are indices into the resolver's tables.
struct RunRecordTable: RunTable {
    let records: UnsafeBufferPointer<StyleResolver.RunRecord>
    let styles: UnsafeBufferPointer<TextStyle>
    let attachments: UnsafeBufferPointer<TextAttachment>

    var count: Int { records.count }

    func range(_ i: Int) -> Range<Int> {
        (i == 0 ? 0 : records.baseAddress![i - 1].end)..<records.baseAddress![i].end
    }

    func appendAttributes(_ i: Int, root: borrowing TextStyle, to out: inout RunsOutput) {
        let record = records.baseAddress![i]
        out.startParts(leadingSpace: true)
        if record.attachment >= 0 {
            out.appendAttachment(attachments.baseAddress![Int(record.attachment)])
        }
        out.appendStyle(styles.baseAddress![Int(record.style)], root)
    }
}
