extension HTMLDocument {
    func dumpNode(_ id: HTMLNodeID, indent: Int, into out: inout String) {}
}
