extension ReportHTML {
    /// The page's one style sheet, inline: a report opened from a CI artefact or a mail must
    /// look the same with no network.
    static let style = """

        :root { color-scheme: light; --ink: #1f2328; --muted: #6b7280; --line: #d8dde3; --paper: #ffffff; --wash: #f6f8fa; }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--wash); color: var(--ink); font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
        main { max-width: 1220px; margin: 0 auto; padding: 20px 24px 48px; }
        header h1 { margin: 0 0 2px; font-size: 24px; }
        .lede { margin: 0 0 16px; color: var(--muted); }
        section { background: var(--paper); border: 1px solid var(--line); border-radius: 8px; padding: 14px 18px; margin: 0 0 16px; }
        h2 { margin: 0 0 10px; font-size: 17px; }
        code, pre { font: 12.5px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; }
        pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        .muted { color: var(--muted); }
        dl.settings { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 10px; }
        dl.settings dt { color: var(--muted); }
        dl.settings dd { margin: 0; }
        pre.text { background: var(--wash); border-radius: 4px; padding: 4px 8px; }
        details summary { cursor: pointer; color: #3b6fd4; }
        pre.schema { max-height: 420px; overflow: auto; background: var(--wash); border: 1px solid var(--line); border-radius: 4px; padding: 8px; margin-top: 6px; }
        .cards { display: flex; flex-wrap: wrap; gap: 10px; }
        .card { display: flex; flex-direction: column; min-width: 130px; padding: 8px 12px; border: 1px solid var(--line); border-radius: 6px; background: var(--wash); }
        .card .value { font-size: 22px; font-weight: 600; }
        .card .label { color: var(--ink); }
        .card .detail { color: var(--muted); font-size: 12px; }
        .card.alarm { border-color: #ef4444; background: #fff1f1; }
        .swatch { display: inline-block; width: 14px; height: 14px; border: 1px solid #9ca3af; border-radius: 3px; margin-right: 6px; vertical-align: -1px; }
        .legend { display: flex; align-items: center; gap: 8px; margin: 0 0 10px; color: var(--muted); font-size: 12px; }
        .legend .scale { display: inline-block; width: 200px; height: 14px; border: 1px solid #9ca3af; border-radius: 3px; }
        .legend .swatch { margin: 0 0 0 16px; }
        ul.tree, ul.tree ul { list-style: none; margin: 0; padding: 0; }
        ul.tree ul { margin-left: 14px; padding-left: 12px; border-left: 1px solid var(--line); }
        ul.tree li { margin: 3px 0; }
        .node { display: flex; flex-wrap: wrap; align-items: baseline; gap: 2px 14px; padding: 3px 8px; border: 1px solid rgba(0, 0, 0, 0.12); border-radius: 4px; }
        .node .key { font-weight: 600; min-width: 110px; font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
        .node .pressure { min-width: 170px; }
        .node .refused code, .node .values code { background: rgba(255, 255, 255, 0.7); border-radius: 3px; padding: 0 3px; }
        .node .values { color: #374151; }
        .charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 12px; align-items: start; }
        figure.chart { margin: 0; padding: 8px; border: 1px solid var(--line); border-radius: 6px; }
        figure.chart figcaption { margin-bottom: 4px; font-size: 12.5px; }
        figure.chart svg { display: block; width: 100%; max-width: 380px; height: auto; }
        svg text { font: 11px system-ui, "DejaVu Sans", sans-serif; fill: #374151; }
        svg text.count { fill: #1f2328; font-size: 10px; }
        svg text.caption { fill: var(--muted); }
        svg text.value { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
        svg line.axis { stroke: #6b7280; }
        svg line.grid { stroke: #d8dde3; stroke-dasharray: 3 3; }
        table { width: 100%; border-collapse: collapse; }
        th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--line); }
        th { background: var(--wash); font-weight: 600; }
        .number { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
        tr.never td { background: #fde8e8; }
        .tag { display: inline-block; margin-left: 6px; padding: 0 6px; border-radius: 9px; background: #ef4444; color: #fff; font-size: 11px; }
        .never-count { color: #b91c1c; }
        .good { color: #15803d; }
        code.answer { white-space: pre-wrap; overflow-wrap: anywhere; }
        .error { color: #b91c1c; font-weight: 600; }
        .error::before { content: "error: "; }

        """
}
