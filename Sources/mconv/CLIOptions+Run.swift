import Foundation
import MarkupAST
import MarkupConverter

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CLIOptions {
    /// The reader and writer settings the options give.
    func settings() -> ConversionSettings {
        ConversionSettings(
            values: values, lists: lists, color: useColor(), quiet: quiet, verbose: verbose)
    }

    func useColor() -> Bool {
        switch color {
        case "always": return true
        case "never": return false
        default:
            if let noColor = ProcessInfo.processInfo.environment["NO_COLOR"], !noColor.isEmpty { return false }
            let target = output == nil ? STDOUT_FILENO : -1
            return target >= 0 && isatty(target) != 0
        }
    }

    /// What is wrong with the values, as the usage error to print, or nil.
    var problem: String? {
        if let color, !["auto", "always", "never"].contains(color) {
            return "--color takes auto, always or never, not '\(color)'"
        }
        return nil
    }

    /// Runs the conversion and ends the process.
    func run() -> Never {
        if listInputFormats {
            for entry in FormatRegistry.entries where entry.readable { print(entry.name) }
            endProcess(.ok)
        }
        if listOutputFormats {
            for entry in FormatRegistry.entries where entry.writable { print(entry.name) }
            endProcess(.ok)
        }
        let fromName = from ?? files.first.flatMap(FormatRegistry.format(forPath:)) ?? "markdown"
        let toName: String
        if let to {
            toName = to
        } else if let output, let inferred = FormatRegistry.format(forPath: output) {
            toName = inferred
        } else {
            let base = (try? FormatSpec(parsing: fromName)).flatMap { FormatRegistry.entry(named: $0.name)?.name }
            toName = base == "html" ? "markdown" : "html"
        }
        let converter: Converter
        do {
            // Format names and extensions first: an unknown one is bad input (exit 2), like an
            // unreadable file; a bad option value is a usage error (exit 1).
            _ = try Converter(from: fromName, to: toName)
        } catch {
            fail(error.message, .badInput)
        }
        do {
            converter = try Converter(from: fromName, to: toName, settings: settings())
        } catch {
            fail(error.message, .usage)
        }

        var bytes: [UInt8] = []
        var source = "<stdin>"
        if files.isEmpty {
            bytes = Array(FileHandle.standardInput.readDataToEndOfFile())
        } else {
            source = files.count == 1 ? files[0] : files.joined(separator: "+")
            for (index, path) in files.enumerated() {
                if index > 0 { bytes += [0x0A, 0x0A] }
                guard appendContents(ofFile: path, to: &bytes) else {
                    fail("cannot read '\(path)': no such file or not readable", .badInput)
                }
            }
        }

        let result: ConversionResult
        do {
            result = try converter.convert(bytes: bytes, source: source)
        } catch {
            var place = source
            if let line = error.line { place += ":\(line)" + (error.column.map { ":\($0)" } ?? "") }
            fail("\(place): \(error.message)", .badInput)
        }

        if !quiet {
            for diagnostic in result.diagnostics {
                FileHandle.standardError.write(Data("mconv: \(source): \(diagnostic)\n".utf8))
            }
        }
        if let failure = result.diagnostics.first(where: { $0.severity == .error }) {
            // A writer that could not write at all (nothing useful was produced).
            fail("\(source): \(failure.code): \(failure.message)", .badInput)
        }
        if strict && result.isLossy {
            fail("--strict: the conversion to \(toName) lost content (see the lossy.* diagnostics)", .lossy)
        }
        if let output {
            do {
                try Data(result.output.utf8).write(to: URL(fileURLWithPath: output))
            } catch {
                fail("cannot write '\(output)': \(error.localizedDescription)", .badInput)
            }
        } else {
            writeToStandardOutput(result.output)
        }
        // The process ends here: leave the document and the output to the kernel instead of
        // releasing them node by node (about a tenth of the run on a 1 MB page). Nothing is
        // buffered: the output went out with write(2) and stdio is flushed by exit(3).
        endProcess(.ok)
    }
}
