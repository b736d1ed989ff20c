import BBCodeFormat
import Foundation
import HTMLFormat
import MarkupAST
import MarkupConverter
import Testing

/// Makes a failing input smaller while it keeps failing the same way: drops matching
/// open/close tag pairs, then ever smaller runs of characters, until neither helps.
struct InputShrinker {
    /// At most this many candidate inputs are checked per failure.
    static let attemptLimit = 6_000

    private let reader: BBCodeReader
    private let breach: ContractBreach
    private var best: ContractFailure
    private var attempts = 0

    /// The smallest failure found that breaks the contract as `failure` does.
    static func shrink(_ failure: ContractFailure, reader: BBCodeReader) -> ContractFailure {
        var shrinker = InputShrinker(reader: reader, breach: failure.breach, best: failure)
        var progress = true
        while progress && shrinker.attempts < attemptLimit {
            let pairs = shrinker.removeTagPairs()
            let runs = shrinker.removeRuns()
            progress = pairs || runs
        }
        return shrinker.best
    }

    private init(reader: BBCodeReader, breach: ContractBreach, best: ContractFailure) {
        self.reader = reader
        self.breach = breach
        self.best = best
    }

    /// Keeps `candidate` if it still fails the same way.
    private mutating func tryCandidate(_ candidate: [Character]) -> Bool {
        attempts += 1
        guard case .broken(let failure) = ContractOutcome.check(String(candidate), reader: reader),
            failure.breach == breach
        else { return false }
        best = failure
        return true
    }

    /// Drops each `[name...]` together with the next `[/name]`; whether any went.
    private mutating func removeTagPairs() -> Bool {
        var removedAny = false
        var characters = Array(best.input)
        var index = 0
        while index < characters.count && attempts < Self.attemptLimit {
            guard characters[index] == "[", let open = Self.tagEnd(characters, from: index),
                characters[index + 1] != "/"
            else {
                index += 1
                continue
            }
            let name = String(characters[(index + 1)..<open])
                .prefix { $0 != "=" && $0 != " " && $0 != "]" }.lowercased()
            let closing = Array("[/\(name)]")
            var candidate = characters
            if let close = Self.firstIndex(of: closing, in: characters, from: open) {
                candidate.removeSubrange(close..<(close + closing.count))
            }
            candidate.removeSubrange(index...open)
            if tryCandidate(candidate) {
                characters = candidate
                removedAny = true
            } else {
                index += 1
            }
        }
        return removedAny
    }

    /// Drops runs of characters, halving the run length down to one; whether any went.
    private mutating func removeRuns() -> Bool {
        var removedAny = false
        var characters = Array(best.input)
        var length = max(1, characters.count / 2)
        while length >= 1 && attempts < Self.attemptLimit {
            var start = 0
            while start < characters.count && attempts < Self.attemptLimit {
                var candidate = characters
                candidate.removeSubrange(start..<min(start + length, candidate.count))
                if tryCandidate(candidate) {
                    characters = candidate
                    removedAny = true
                } else {
                    start += length
                }
            }
            length /= 2
        }
        return removedAny
    }

    /// The index of the `]` that ends the tag starting at `start`, if there is one before
    /// the next `[` or line end.
    private static func tagEnd(_ characters: [Character], from start: Int) -> Int? {
        var index = start + 1
        while index < characters.count {
            switch characters[index] {
            case "]": return index
            case "[", "\n", "\r", "\r\n": return nil
            default: index += 1
            }
        }
        return nil
    }

    /// The first case-insensitive occurrence of `needle` at or after `start`.
    private static func firstIndex(
        of needle: [Character], in characters: [Character], from start: Int
    ) -> Int? {
        guard characters.count >= needle.count else { return nil }
        var index = start
        while index + needle.count <= characters.count {
            let matches = zip(characters[index...], needle).allSatisfy {
                $0.lowercased() == $1.lowercased()
            }
            if matches { return index }
            index += 1
        }
        return nil
    }
}
