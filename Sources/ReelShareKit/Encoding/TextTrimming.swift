// Trimming and replacing with the standard library alone: Foundation's trimmingCharacters(in:),
// its CharacterSets and replacingOccurrences are not in FoundationEssentials, and Foundation links
// ICU (34 MB).

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

    /// Every `target` replaced by `replacement`, matched scalar by scalar as Foundation's literal
    /// search matched: the standard library's `replacing` matches whole characters, so a quote
    /// followed by a combining accent, or the LF of a CR LF pair, would not be found (an escape
    /// for a shell or a workflow command left undone).
    public func replacingScalars(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return String(self) }
        var scalars = String(self).unicodeScalars
        scalars = scalars.replacing(target.unicodeScalars, with: replacement.unicodeScalars)
        return String(scalars)
    }

    /// Each scalar for which `replacement` gives a string replaced by it, scalar by scalar (an
    /// escape for a Markdown table or mdoc).
    public func mappingScalars(_ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if let replaced = replacement(scalar) { out.append(contentsOf: replaced.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }
}
