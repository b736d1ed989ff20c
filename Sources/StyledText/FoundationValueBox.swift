import Foundation

#if !canImport(ObjectiveC)
    /// The object that carries a neutral style value (`StyledFont`, `RGBAColor`,
    /// `ParagraphStyle`, `TextAttachment`) inside an `NSAttributedString` on Linux.
    ///
    /// swift-corelibs-foundation boxes other Swift structs in its `__SwiftValue`, and
    /// CoreFoundation reads the word after an object's reference count as its CF type
    /// information; in a `__SwiftValue` that word is the boxed value's first word (a heap
    /// pointer for structs larger than three words), so now and then two values compare as
    /// CF type 0 ("not a type"), whose equality callback halts the process
    /// (`CFRunArrayInsert` -> `CFBasicHashesAreEqual` -> `__HALT`). This box's first stored
    /// word reads as a valid CF type id, so CoreFoundation always calls back into
    /// `isEqual(_:)`, which compares the values directly (faster than `__SwiftValue`'s
    /// `AnyHashable` casts too). The value types bridge to it, so `as? StyledFont` on an
    /// attribute value works as before:
    ///
    /// ```swift
    /// let a = StyledText(Document([.paragraph([.text("Hi")], .none)])).attributedString()
    /// let font = a.attribute(.mconvFont, at: 0, effectiveRange: nil) as? StyledFont
    /// ```
    public final class StyledValueBox<Value: Hashable & Sendable>: NSObject, @unchecked Sendable {
        /// Read by CoreFoundation as CF type information (type id 1): keep it first.
        private let coreFoundationInfo: UInt64 = 0x100
        /// The boxed value.
        public let value: Value
        private let valueHash: Int

        /// Boxes `value`.
        public init(_ value: Value) {
            self.value = value
            self.valueHash = value.hashValue
        }

        /// Equal when the other object is a box of an equal value.
        public override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? StyledValueBox<Value> else { return false }
            return other === self || other.value == value
        }

        /// The value's hash.
        public override var hash: Int { valueHash }

        /// The value's description.
        public override var description: String { String(describing: value) }
    }

    /// A style value that bridges to Foundation as a ``StyledValueBox`` of itself.
    public protocol StyledValueBoxBridging: _ObjectiveCBridgeable, Hashable, Sendable
    where _ObjectiveCType == StyledValueBox<Self> {}

    extension StyledValueBoxBridging {
        public func _bridgeToObjectiveC() -> StyledValueBox<Self> { StyledValueBox(self) }
        public static func _forceBridgeFromObjectiveC(
            _ source: StyledValueBox<Self>, result: inout Self?
        ) { result = source.value }
        public static func _conditionallyBridgeFromObjectiveC(
            _ source: StyledValueBox<Self>, result: inout Self?
        ) -> Bool {
            result = source.value
            return true
        }
        public static func _unconditionallyBridgeFromObjectiveC(
            _ source: StyledValueBox<Self>?
        ) -> Self { source!.value }
    }

    extension StyledFont: StyledValueBoxBridging {}
    extension RGBAColor: StyledValueBoxBridging {}
    extension ParagraphStyle: StyledValueBoxBridging {}
    extension TextAttachment: StyledValueBoxBridging {}
    extension TapTarget: StyledValueBoxBridging {}
    extension PlatformValues.Shadow: StyledValueBoxBridging {}
#endif
