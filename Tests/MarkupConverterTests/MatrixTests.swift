import Foundation
import MarkupAST
import MarkupConverter
import Testing

/// The bundled samples, by the format that reads them.
let samples: [(format: String, text: String)] = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    let dir = root.appendingPathComponent("Formats/samples")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return files.sorted().compactMap { name in
        guard let format = FormatRegistry.format(forPath: name),
            let text = try? String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
        else { return nil }
        return (format, text)
    }
}()

@Suite("Any-to-any matrix")
struct MatrixTests {
    @Test("samples exist for every readable text format")
    func samplesPresent() {
        let formats = Set(samples.map(\.format))
        #expect(formats.isSuperset(of: ["html", "markdown", "bbcode", "rangejson"]))
    }

    @Test("every reader x writer pair runs on every sample without crashing")
    func everyPair() throws {
        for input in FormatRegistry.inputNames where input != "json" {
            for output in FormatRegistry.outputNames {
                let converter = try Converter(from: input, to: output)
                for sample in samples {
                    // Each reader sees every sample: its own format and foreign ones.
                    do {
                        let result = try converter.convert(sample.text)
                        if sample.format == input && output != "ansi" {
                            #expect(!result.output.isEmpty, "\(input) -> \(output) gave nothing")
                        }
                    } catch {
                        // Only range JSON may reject foreign input, and it must say where.
                        #expect(input == "rangejson", "\(input) threw \(error)")
                        #expect(error.line != nil || error.message.contains("JSON"), "\(error)")
                    }
                }
            }
        }
    }

    @Test("every sample survives the JSON form exactly")
    func jsonRoundTrip() throws {
        for sample in samples {
            let toJSON = try Converter(from: sample.format, to: "json").convert(sample.text)
            let back = try Converter(from: "json", to: "json").convert(toJSON.output)
            #expect(back.document == toJSON.document)
            #expect(back.output == toJSON.output)
        }
    }
}
