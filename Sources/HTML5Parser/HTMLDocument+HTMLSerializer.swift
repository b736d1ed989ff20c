extension HTMLDocument {
    func serializeChildren(of id: HTMLNodeID, into out: inout String) {}
    func serializeNode(_ id: HTMLNodeID, parentName: String, into out: inout String) {}
}
