#if canImport(UIKit) && !os(watchOS)
    import UIKit
    import MarkupAST

    extension UILabel {
        /// Reads `markup` with `format` (e.g. `HTMLReader()`), styles it and shows it.
        ///
        /// ```swift
        /// let label = UILabel()
        /// label.setMarkup("<b>Hi</b> there", format: HTMLReader())
        /// ```
        @MainActor
        public func setMarkup(
            _ markup: String, format: some MarkupReader, stylesheet: Stylesheet = .standard
        ) {
            numberOfLines = 0
            attributedText = StyledText(markup: markup, format: format, stylesheet: stylesheet)
                .attributedString()
        }
    }

    extension UITextView {
        /// Reads `markup` with `format`, styles it, shows it and applies the stylesheet's
        /// link colours to `linkTextAttributes`.
        @MainActor
        public func setMarkup(
            _ markup: String, format: some MarkupReader, stylesheet: Stylesheet = .standard
        ) {
            attributedText = StyledText(markup: markup, format: format, stylesheet: stylesheet)
                .attributedString()
            linkTextAttributes = StyledText.linkTextAttributes(for: stylesheet)
        }
    }
#elseif canImport(AppKit)
    import AppKit
    import MarkupAST

    extension NSTextView {
        /// Reads `markup` with `format`, styles it and shows it.
        @MainActor
        public func setMarkup(
            _ markup: String, format: some MarkupReader, stylesheet: Stylesheet = .standard
        ) {
            textStorage?.setAttributedString(
                StyledText(markup: markup, format: format, stylesheet: stylesheet)
                    .attributedString())
            linkTextAttributes = StyledText.linkTextAttributes(for: stylesheet)
        }
    }
#endif
