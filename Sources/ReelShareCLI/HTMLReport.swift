// `validate --format html` and `doctor --format html`: one self-contained page (no external CSS,
// fonts, scripts or images) a person opens from a CI artifact, offline. A summary, then one card
// per file: its thumbnail (a data: URI), its facts, a table of verdicts per target with the
// findings and their sources, and each fix as a block to copy. Every text and attribute is
// escaped: a file name is bytes, and a hostile one must not break the page.
import FoundationEssentials
import ReelShareKit
import ReelShareMedia

/// One file's card: its result, and for media what it is and what it shows.
struct ReportCard: Sendable {
    var result: ValidationResult
    /// Labelled facts (container, codec, duration, displayed size...), as `probe` prints them.
    var facts: [(String, String)] = []
    var thumbnail: (jpeg: [UInt8], width: Int, height: Int)?
    /// Why there is no picture (the probe's failure), when there is none.
    var failure: String?
    /// Whether the file is media (a card without a picture then shows a placeholder).
    var media: Bool

    /// The card of a probed media file; `thumbnail` draws its picture (nil: none asked).
    static func media(_ report: ProbeReport, result: ValidationResult, thumbnailBox: Int?, timeoutSeconds: Double) -> ReportCard {
        var card = ReportCard(result: result, media: true)
        card.facts = ProbeText.rows(report, color: false)
        card.failure = report.failure?.message
        if let box = thumbnailBox {
            do {
                card.thumbnail = try Pictures.thumbnail(report, box: box, timeoutSeconds: timeoutSeconds)
            } catch {
                card.failure = "cannot draw it: \(error.message)"
            }
        }
        return card
    }

    /// doctor's card of an app: what it is, the file judged, and whether that is what ships.
    static func app(_ result: ValidationResult) -> ReportCard {
        var card = ReportCard(result: result, media: false)
        guard let app = result.app else { return card }
        var what = "\(app.platform.label) app"
        if let identifier = app.identifier { what += " \(identifier)" }
        card.facts.append(("app", what))
        card.facts.append(("read from", app.form.rawValue + (app.framework.map { " (\($0.rawValue))" } ?? "")))
        card.facts.append(("file judged", result.labelled(result.location())))
        card.facts.append(
            (
                "what ships",
                app.shipped ? "yes: a built app, or a file named on its own" : "no: the project's own files, before a build"
            ))
        if !app.libraries.isEmpty {
            card.facts.append(("libraries merged", app.libraries.joined(separator: "\n")))
        }
        return card
    }
}

enum HTMLReport {
    static func escape(_ text: String) -> String { XMLText.escape(text, attribute: true) }

    /// The whole page at once (doctor's, and tests).
    static func render(title: String, cards: [ReportCard], summary: ValidationSummary, version: String) -> String {
        var html = head(title: title, summary: summary)
        for (index, card) in cards.enumerated() { html += render(card, number: index + 1) }
        return html + tail(version: version)
    }

    /// The page up to its first card: the summary needs every result, so validate writes this last
    /// and the cards (spooled as they come) after it.
    static func head(title: String, summary: ValidationSummary) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>\(escape(title)): \(summary.files) file\(summary.files == 1 ? "" : "s"), \(summary.rejected) rejected</title>
            <style>
            \(style)
            </style>
            </head>
            <body>
            <header>
            <h1>\(escape(title))</h1>
            <p class="summary">\(summary.files) file\(summary.files == 1 ? "" : "s"): \
            <span class="accepted">\(summary.accepted) accepted</span>, \
            <span class="rejected">\(summary.rejected) rejected</span> \
            (\(summary.errors) error\(summary.errors == 1 ? "" : "s"), \(summary.warnings) warning\(summary.warnings == 1 ? "" : "s"))</p>

            """
        if !summary.byTarget.isEmpty {
            html += """
                <table class="targets">
                <caption>Files per target</caption>
                <thead><tr><th scope="col">Target</th><th scope="col">Accepted</th><th scope="col">Rejected</th></tr></thead>
                <tbody>

                """
            for (target, counts) in summary.byTarget.sorted(by: { $0.key < $1.key }) {
                html +=
                    "<tr><th scope=\"row\">\(escape(target))</th><td>\(counts.accepted)</td><td>\(counts.rejected)</td></tr>\n"
            }
            html += "</tbody>\n</table>\n"
        }
        html += "</header>\n<main>\n"
        return html
    }

    static func tail(version: String) -> String {
        "</main>\n<footer>Written by reelshare \(escape(version)).</footer>\n</body>\n</html>\n"
    }

    /// One file's card, the `number`th of the page.
    static func render(_ card: ReportCard, number: Int) -> String {
        let result = card.result
        let id = "file-\(number)"
        let verdict = result.accepted ? "accepted" : "rejected"
        // The badge says how many of the targets accept, where there are several: a file one
        // target of five takes is accepted (any one is enough) but not by the other four.
        let taking = result.verdicts.filter(\.accepted).count
        let badge =
            taking > 0 && taking < result.verdicts.count
            ? "\(taking) of \(result.verdicts.count) accept" : verdict
        let tone = result.accepted && taking < result.verdicts.count ? "partly" : verdict
        var html = """
            <article class="card is-\(tone)" id="\(id)" aria-labelledby="\(id)-title">
            <h2 id="\(id)-title"><span class="badge \(tone)">\(badge)</span> <code>\(escape(result.labelled(result.location())))</code></h2>
            <div class="body">

            """
        if card.media {
            if let picture = card.thumbnail {
                let data = Data(picture.jpeg).base64EncodedString()
                html += """
                    <img class="thumb" src="data:image/jpeg;base64,\(data)" width="\(picture.width)" height="\(picture.height)" \
                    alt="\(escape("What \(result.path) shows: " + (result.kind == .media(.video) ? "its first frame" : "the picture")))">

                    """
            } else {
                let why =
                    card.failure.map { "no picture: \($0)" }
                    ?? (result.kind == .media(.audio) ? "no picture: audio only" : "no picture")
                html +=
                    "<div class=\"thumb placeholder\" role=\"img\" aria-label=\"\(escape(why))\"><span>\(escape(why))</span></div>\n"
            }
        }
        if !card.facts.isEmpty {
            html += "<dl class=\"facts\">\n"
            for (label, value) in card.facts { html += "<dt>\(escape(label))</dt><dd>\(escape(value))</dd>\n" }
            html += "</dl>\n"
        }
        html += """
            </div>
            <table class="verdicts">
            <caption>Verdict per target for <code>\(escape(result.path))</code></caption>
            <thead><tr><th scope="col">Target</th><th scope="col">Verdict</th><th scope="col">Findings</th></tr></thead>
            <tbody>

            """
        for target in result.verdicts {
            let word = target.accepted ? "accepted" : "rejected"
            html += "<tr><th scope=\"row\">\(escape(target.target))</th><td class=\"\(word)\">\(word)</td><td>"
            if target.findings.isEmpty {
                html += "none"
            } else {
                html += "<ul>"
                for finding in target.findings {
                    let severity = finding.severity.rawValue
                    html +=
                        "<li class=\"\(severity)\"><span class=\"severity\">\(severity)</span> <code>\(escape(finding.rule.rawValue))</code>: "
                    html += "\(escape(finding.message)) <cite>\(escape(finding.source))</cite></li>"
                }
                html += "</ul>"
            }
            html += "</td></tr>\n"
        }
        html += "</tbody>\n</table>\n"
        // Each fix once, with the targets it serves.
        var fixes: [(command: String, own: String?, targets: [String])] = []
        for target in result.verdicts {
            guard let fix = target.fix else { continue }
            if let index = fixes.firstIndex(where: { $0.command == fix }) {
                fixes[index].targets.append(target.target)
            } else {
                fixes.append((fix, target.reelshareFix, [target.target]))
            }
        }
        for fix in fixes {
            html += """
                <section class="fix" aria-label="\(escape("Fix for " + fix.targets.joined(separator: ", ")))">
                <h3>Fix for \(escape(fix.targets.joined(separator: ", ")))</h3>
                \(fix.own.map { "<pre><code>\(escape($0))</code></pre>\n<p>or with ffmpeg:</p>\n" } ?? "")<pre><code>\(escape(fix.command))</code></pre>
                </section>

                """
        }
        return html + "</article>\n"
    }

    private static let style = """
        :root { --bg: #ffffff; --fg: #1d1d1f; --muted: #5f6368; --card: #f6f7f9; --line: #d9dce1;
          --ok: #1b7f3b; --bad: #b3261e; --warn: #8a5a00; --code: #eceef1; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #121317; --fg: #e8eaed; --muted: #a4a8ae; --card: #1d1f24; --line: #33363c;
            --ok: #6fd08c; --bad: #f28b82; --warn: #fdd663; --code: #272a30; }
        }
        body { margin: 0 auto; max-width: 72rem; padding: 1.5rem; background: var(--bg); color: var(--fg);
          font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
        h1 { margin: 0 0 .5rem; font-size: 1.6rem; }
        h2 { margin: 0 0 .75rem; font-size: 1.1rem; overflow-wrap: anywhere; }
        h3 { margin: .75rem 0 .25rem; font-size: .95rem; color: var(--muted); }
        code, pre { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        .summary { font-size: 1.05rem; }
        .accepted { color: var(--ok); } .rejected { color: var(--bad); } .partly { color: var(--warn); }
        table { border-collapse: collapse; margin: .5rem 0 1rem; width: 100%; }
        caption { text-align: left; color: var(--muted); padding: .25rem 0; }
        th, td { border-bottom: 1px solid var(--line); padding: .35rem .5rem; text-align: left; vertical-align: top; }
        table.targets { width: auto; }
        th[scope="row"] { white-space: nowrap; }
        .card { background: var(--card); border: 1px solid var(--line); border-left: 6px solid var(--ok);
          border-radius: 8px; padding: 1rem; margin: 1rem 0; }
        .card.is-rejected { border-left-color: var(--bad); } .card.is-partly { border-left-color: var(--warn); }
        .badge { display: inline-block; font-size: .8rem; text-transform: uppercase; letter-spacing: .04em;
          padding: .1rem .45rem; border-radius: 4px; border: 1px solid currentColor; }
        .body { display: flex; gap: 1rem; align-items: flex-start; flex-wrap: wrap; }
        .thumb { max-width: 240px; height: auto; border-radius: 4px; border: 1px solid var(--line); }
        .placeholder { width: 160px; height: 120px; display: flex; align-items: center; justify-content: center;
          text-align: center; color: var(--muted); background: repeating-linear-gradient(45deg, var(--code),
          var(--code) 8px, var(--card) 8px, var(--card) 16px); padding: .5rem; font-size: .85rem; }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: 0; flex: 1; min-width: 16rem; }
        dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
        ul { margin: 0; padding-left: 1.1rem; } li { margin: .15rem 0; }
        .severity { font-weight: 600; } li.error .severity { color: var(--bad); }
        li.warning .severity { color: var(--warn); } li.info .severity { color: var(--muted); }
        cite { color: var(--muted); font-style: normal; font-size: .85rem; }
        cite::before { content: "("; } cite::after { content: ")"; }
        pre { background: var(--code); border-radius: 4px; padding: .5rem .75rem; white-space: pre-wrap;
          overflow-wrap: anywhere; margin: 0; user-select: all; }
        footer { color: var(--muted); font-size: .85rem; margin-top: 2rem; }
        """
}
