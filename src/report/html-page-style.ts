// The report page's stylesheet, inlined so index.html is one file that works from file://.
// Every status has a colour and a word: the page must read the same in greyscale.

export const PAGE_STYLE = `
:root { color-scheme: light; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg-soft: #f6f8fa; --accent: #0969da; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: #fff; }
header.page { padding: 20px 28px 12px; border-bottom: 1px solid var(--line); background: var(--bg-soft); }
header.page h1 { margin: 0 0 4px; font-size: 22px; }
.meta { color: var(--muted); margin: 0; }
nav.sections { margin-top: 10px; display: flex; flex-wrap: wrap; gap: 6px 14px; }
nav.sections a { color: var(--accent); text-decoration: none; }
nav.sections a:hover { text-decoration: underline; }
main { padding: 8px 28px 40px; max-width: 1500px; }
section.block { margin-top: 28px; }
section.block > h2 { font-size: 18px; margin: 0 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 18px 0 6px; }
.banner { margin-top: 12px; padding: 10px 14px; border-radius: 6px; border: 1px solid; font-weight: 600; }
.banner.partial { background: #fff8c5; border-color: #d4a72c; color: #4d2d00; }
.banner.regression { background: #ffebe9; border-color: #cf222e; color: #82071e; }
.banner.clean { background: #dafbe1; border-color: #1a7f37; color: #0a3d1a; }
.cards { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 14px; }
.card { border: 1px solid var(--line); border-radius: 8px; padding: 8px 14px; background: #fff; min-width: 150px; }
.card .value { font-size: 20px; font-weight: 650; display: block; }
.card .label { color: var(--muted); font-size: 12px; }
table { border-collapse: collapse; margin: 6px 0 10px; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
thead th { background: var(--bg-soft); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.table-wrap { overflow-x: auto; max-width: 100%; }
.controls { display: flex; flex-wrap: wrap; gap: 10px 18px; align-items: center; margin: 8px 0; }
.controls label { display: inline-flex; gap: 6px; align-items: center; }
.controls input, .controls select { font: inherit; padding: 3px 6px; border: 1px solid var(--line); border-radius: 6px; }
.legend { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; padding: 0; list-style: none; }
.legend li { padding: 1px 8px; border-radius: 10px; border: 1px solid rgba(0,0,0,.12); font-size: 12px; }
table.matrix { font-size: 12.5px; margin: 0; }
/* Its own scroll box, so the column headers stay in view while scrolling the features. */
.matrix-wrap { max-height: 78vh; overflow: auto; width: fit-content; max-width: 100%; border: 1px solid var(--line); }
@media print { .matrix-wrap { max-height: none; overflow: visible; } }
table.matrix thead th { position: sticky; top: 0; z-index: 1; min-width: 118px; }
table.matrix th[scope=row] { position: sticky; left: 0; background: #fff; white-space: nowrap; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-weight: 500; }
table.matrix td { white-space: nowrap; text-align: center; }
.col-provider { display: block; font-weight: 650; }
.col-model, .col-mode { display: block; font-weight: 400; color: var(--muted); font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 11.5px; }
.badge { display: inline-block; margin-top: 3px; padding: 0 6px; border-radius: 8px; font-size: 11px; font-weight: 600; border: 1px solid; }
.badge.emulated { background: #ddf4ff; color: #0a3069; border-color: #54aeff; }
.badge.live { background: #fbefff; color: #512a97; border-color: #c297ff; }
.s-enforced { background: #d4f4dd; color: #0a5c2b; }
.s-ignored { background: #ffd8d3; color: #86181d; font-weight: 600; }
.s-rejected { background: #ffe2c2; color: #6f3800; }
.s-altered { background: #fff3b0; color: #574700; }
.s-error { background: #e9e2fb; color: #45267f; }
.s-none { background: #f6f8fa; color: #8c959f; }
.v-native { background: #d4f4dd; color: #0a5c2b; }
.v-translated { background: #dbeafe; color: #1e3a8a; }
.v-needs-local-validation, .v-undetermined { background: #fff3b0; color: #574700; }
.v-rejected, .v-breaking, .v-failed { background: #ffd8d3; color: #86181d; }
.v-compatible, .v-passed { background: #d4f4dd; color: #0a5c2b; }
.differs { display: block; font-size: 10.5px; font-weight: 600; }
.new-fact { display: block; font-size: 10.5px; font-style: italic; }
.finding { border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; margin: 10px 0; }
.finding h4 { margin: 0 0 6px; font-size: 14px; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
.finding .facts { color: var(--muted); margin: 0 0 6px; }
.examples { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 10px; }
.examples figure { margin: 0; }
.examples figcaption { font-size: 12px; color: var(--muted); }
pre { margin: 2px 0; padding: 8px 10px; background: var(--bg-soft); border: 1px solid var(--line); border-radius: 6px; overflow: auto; max-height: 320px; font-size: 12px; }
.replay { display: flex; gap: 8px; align-items: flex-start; margin: 6px 0 0; }
.replay code { flex: 1; padding: 5px 8px; background: #0d1117; color: #e6edf3; border-radius: 6px; white-space: pre-wrap; word-break: break-all; font-size: 12px; }
button.copy { font: inherit; font-size: 12px; padding: 3px 10px; border-radius: 6px; border: 1px solid var(--line); background: #fff; cursor: pointer; }
button.copy:hover { background: var(--bg-soft); }
.tag { display: inline-block; padding: 0 6px; border-radius: 8px; font-size: 11.5px; font-weight: 600; border: 1px solid rgba(0,0,0,.12); }
.tag.candidate-wrong, .tag.regression { background: #ffd8d3; color: #86181d; }
.tag.undecided { background: #fff3b0; color: #574700; }
.tag.reference-wrong, .tag.ok { background: #ddf4ff; color: #0a3069; }
.bar { display: inline-block; width: 90px; height: 8px; background: #ffd8d3; border-radius: 4px; overflow: hidden; vertical-align: middle; margin-right: 6px; }
.bar > span { display: block; height: 100%; background: #2da44e; }
details.cell > summary { cursor: pointer; list-style-position: inside; }
.fallback { display: block; font-size: 11px; opacity: .85; }
details.cell ul { margin: 4px 0 0; padding-left: 18px; text-align: left; white-space: normal; max-width: 360px; }
dl.run { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; }
dl.run dt { color: var(--muted); }
dl.run dd { margin: 0; font-family: ui-monospace, SFMono-Regular, Menlo, monospace; word-break: break-all; }
.empty { color: var(--muted); font-style: italic; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
