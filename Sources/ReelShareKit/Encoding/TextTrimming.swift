// Trimming with the standard library alone: Foundation's trimmingCharacters(in:) and its
// CharacterSets are not in FoundationEssentials, and Foundation links ICU (34 MB).

extension StringProtocol {
    /// Without what `drop` holds for at either end.
    func trimming(_ drop: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !drop($0) }), let last = lastIndex(where: { !drop($0) }) else { return "" }
        return String(self[first...last])
    }

    /// Without white space and line ends at either end (Foundation's .whitespacesAndNewlines).
    var trimmingWhitespace: String { trimming(\.isWhitespace) }

    /// Without spaces and tabs at either end, line ends kept (Foundation's .whitespaces).
    var trimmingSpaces: String { trimming { $0.isWhitespace && !$0.isNewline } }
}
