import Foundation
import HTMLFormat
import MarkupAST
import Testing

/// What a browser does not show is not read (`HTMLReaderOptions.keepHidden` off).
@Suite struct HTMLReaderVisibilityTests {
    func read(_ html: String, _ options: HTMLReaderOptions = HTMLReaderOptions()) throws -> (
        String, [Diagnostic]
    ) {
        let result = try HTMLReader(options: options).read(html)
        return (TreeDump.render(result.document), result.diagnostics)
    }

    @Test func hiddenAttributeAndInlineStylesAreDropped() throws {
        let (dump, diagnostics) = try read(
            "<p>a</p><p hidden>b</p><div style=\"visibility:hidden\">c</div>"
                + "<span style=\"DISPLAY: none !important\">d</span><p hidden=\"until-found\">e</p>"
        )
        #expect(
            dump == "paragraph\n  text \"a\"\nparagraph {hidden=\"until-found\"}\n  text \"e\"\n")
        #expect(diagnostics.map(\.code) == [.parseDropped])
        #expect(diagnostics.map(\.severity) == [.info])
        #expect(diagnostics.first?.message.hasPrefix("dropped 3 hidden elements") == true)
    }

    @Test func simpleStyleRulesHide() throws {
        let html = """
            <style>.promo, #banner { display: none } p.note{visibility:hidden}
            @media print { .screen { display: none } } /* .c { display: none } */
            .tab { display: none } .tab.open { display: block } div > .deep { display: none }
            </style>
            <p class="x promo">1</p><p id="banner">2</p><p class="note">3</p><div class="note">4</div>
            <p class="screen">5</p><p class="tab open">6</p><p class="deep">7</p><p class="c">8</p>
            """
        let (dump, _) = try read(html)
        #expect(
            dump
                == "div {.note}\n  paragraph\n    text \"4\"\nparagraph {.screen}\n  text \"5\"\n"
                + "paragraph {.tab .open}\n  text \"6\"\nparagraph {.deep}\n  text \"7\"\n"
                + "paragraph {.c}\n  text \"8\"\n")
    }

    @Test func frameworkClassesHideAsADesktopWindowShows() throws {
        // Tailwind and Bootstrap, applied for a window 1,280 pixels wide: a small-screen twin
        // is dropped, its desktop twin kept; variants other than breakpoints are not applied.
        let html = """
            <p class="lg:hidden">1</p><p class="hidden lg:block">2</p><p class="d-none">3</p>
            <p class="d-none d-md-flex">4</p><p class="d-lg-none">5</p><p class="hidden 2xl:block">6</p>
            <p class="invisible md:visible">7</p><p class="md:invisible">8</p><p class="!hidden">9</p>
            <p class="overflow-hidden select-none print:hidden hover:hidden">10</p>
            <p class="block xl:hidden">11</p><p class="hidden-input d-print-none">12</p>
            """
        let (dump, diagnostics) = try read(html)
        let kept = dump.split(separator: "\n").filter { $0.hasPrefix("  text") }
        #expect(
            kept == [
                "  text \"2\"", "  text \"4\"", "  text \"7\"", "  text \"10\"", "  text \"12\"",
            ])
        #expect(diagnostics.first?.message.hasPrefix("dropped 7 hidden elements") == true)
        var options = HTMLReaderOptions()
        options.keepHidden = true
        #expect(try read(html, options).0.contains("text \"11\""))
    }

    @Test func selectorsAreTrimmedAndNamedInAnyScript() throws {
        // Parts after a comma lose their white space (newline, tab); class and id names may be
        // non-ASCII, in hiding rules and in the rules that show them again.
        let html = """
            <style>.caf\u{E9},
              #\u{FC}n { display: none }
            .x-1_a,\t.y { display: none } #\u{FC}n.on { display: block }
            </style>
            <p class="caf\u{E9}">1</p><p id="\u{FC}n">2</p><p class="x-1_a">3</p><p class="y">4</p>
            """
        let (dump, _) = try read(html)
        #expect(dump == "paragraph {#\u{FC}n}\n  text \"2\"\n")
    }

    @Test func framesBecomeLinksOnlyForMediaOrATitle() throws {
        let html = """
            <iframe src="https://ads.example/f?id=1"></iframe>\
            <iframe src="https://www.youtube-nocookie.com/embed/1"></iframe>\
            <iframe src="https://x.example/map" title="Our office"></iframe>\
            <iframe src="https://x.example/ad" title="3rd party ad content"></iframe>\
            <iframe src="https://player.vimeo.com/video/2" width="1" height="1"></iframe>\
            <iframe src="about:blank" title="x"></iframe>\
            <embed src="https://www.google.com/maps/embed?pb=1">\
            <embed src="https://www.google.com/search?q=1">
            """
        let (dump, diagnostics) = try read(html)
        #expect(
            dump == """
                paragraph
                  link "https://www.youtube-nocookie.com/embed/1" {<iframe>}
                    text "https://www.youtube-nocookie.com/embed/1"
                  link "https://x.example/map" {<iframe>}
                    text "Our office"
                  link "https://www.google.com/maps/embed?pb=1" {<embed>}
                    text "https://www.google.com/maps/embed?pb=1"

                """)
        #expect(
            diagnostics.filter { $0.code == .parseDropped }.map(\.message) == [
                "dropped 5 frames (<iframe>, <embed>, <object>) without a title, not from a"
                    + " known media provider"
            ])
    }

    @Test func mediaProvidersCanBeAdded() throws {
        var options = HTMLReaderOptions()
        options.mediaProviders = ["video.example.org/player"]
        let html =
            "<iframe src=\"//cdn.video.example.org/player/1\"></iframe>"
            + "<iframe src=\"https://video.example.org/other\"></iframe>"
        #expect(
            try read(html, options).0
                == "paragraph\n  link \"//cdn.video.example.org/player/1\" {<iframe>}\n"
                + "    text \"//cdn.video.example.org/player/1\"\n")
    }

    @Test func keepHiddenKeepsEverything() throws {
        var options = HTMLReaderOptions()
        options.keepHidden = true
        let (dump, diagnostics) = try read(
            "<p hidden>b</p><iframe src=\"https://ads.example/f\"></iframe>", options)
        #expect(
            dump
                == "paragraph {hidden=\"\"}\n  text \"b\"\nparagraph\n"
                + "  link \"https://ads.example/f\" {<iframe>}\n    text \"https://ads.example/f\"\n"
        )
        #expect(diagnostics.map(\.code) == [.lossyEmbed])
    }

    /// `Formats/media-providers.txt` documents the built-in list; the reader's copy matches it.
    @Test func mediaProviderListMatchesItsDocument() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(
            contentsOf: root.appendingPathComponent("Formats/media-providers.txt"), encoding: .utf8)
        let documented = text.split(separator: "\n").map {
            $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        // Each documented entry is a provider (a URL on it becomes a link), and the reader has
        // no other: an entry's subdomain passes, a look-alike host does not.
        for entry in documented {
            let url = "https://www." + entry + (entry.contains("/") ? "x" : "/x")
            #expect(
                try read("<iframe src=\"\(url)\"></iframe>").0.contains("link"),
                "\(entry) is not a provider")
        }
        #expect(HTMLReaderOptions.builtInMediaProviders == documented)
    }
}
