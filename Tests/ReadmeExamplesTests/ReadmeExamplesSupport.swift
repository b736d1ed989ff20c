// Helpers of the README examples that Tests/DocExamplesTests/extract.py writes here
// (ReadmeExampleN.swift). Standard library only: an example imports what it uses itself.

/// Uses a statement's value, so an example's unused result is not a warning.
func ignore<T>(_ value: T) {}

/// What `print(value)` writes, without the final newlines: the output an example states.
func printed<T>(_ value: T) -> String {
    var text = String(describing: value)
    while text.hasSuffix("\n") { text.removeLast() }
    return text
}
