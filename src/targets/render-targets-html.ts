// `schemalab targets --html DIR`: one self-contained page (no network, inline style and script), a
// matrix of feature × target where each cell says its status and, on click, its source, quote, date
// and evidence. Filters narrow targets, features, statuses and evidence; measured matrices stand in
// their own column beside the documented target they measured.
import { FEATURE_IDS } from "../schema/features.js";
import type { FeatureCell, ModeProfile, ProviderProfile } from "../../providers/profiles/profile-types.js";
import { classifyCell, countCells, type CellCounts } from "./summarise-targets.js";

export interface MatrixColumn {
  readonly target: string;
  readonly basis: "documented" | "measured";
  readonly date: string;
  readonly mode: ModeProfile;
  readonly counts: CellCounts;
}

export function matrixColumns(documented: readonly ProviderProfile[], measured: readonly ProviderProfile[]): MatrixColumn[] {
  const column = (profile: ProviderProfile, mode: ModeProfile, basis: MatrixColumn["basis"]): MatrixColumn => ({ target: `${profile.provider}:${mode.mode}`, basis, date: profile.date, mode, counts: countCells(mode) });
  const measuredColumns = measured.flatMap((profile) => profile.modes.map((mode) => column(profile, mode, "measured")));
  const columns: MatrixColumn[] = [];
  for (const profile of documented) {
    for (const mode of profile.modes) {
      const documentedColumn = column(profile, mode, "documented");
      columns.push(documentedColumn, ...measuredColumns.filter((other) => other.target === documentedColumn.target));
    }
  }
  // A matrix of a mode no profile documents still gets its column.
  columns.push(...measuredColumns.filter((other) => !columns.includes(other)));
  return columns;
}

const ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

function cellHtml(feature: string, column: MatrixColumn): string {
  const cell: FeatureCell | undefined = column.mode.features[feature];
  if (cell === undefined) return `<td class="cell none" data-status="none" data-class="unknown">–</td>`;
  const kind = classifyCell(cell);
  const data = {
    feature,
    target: column.target,
    basis: column.basis,
    status: cell.status,
    evidence: cell.evidence,
    source: cell.source,
    quote: cell.quote,
    date: cell.date,
    note: cell.note ?? "",
    error: cell.error ?? "",
    conflicting: (cell.conflicting ?? []).map((other) => `${other.source} — “${other.quote}” (${other.date}, ${other.evidence})`).join("\n"),
  };
  const title = `${cell.status} · ${cell.evidence} · ${cell.source} (${cell.date})`;
  return `<td class="cell s-${cell.status} c-${kind}" tabindex="0" data-status="${cell.status}" data-class="${kind}" data-cell="${escapeHtml(JSON.stringify(data))}" title="${escapeHtml(title)}">${cell.status}${cell.conflicting ? " ⚑" : ""}</td>`;
}

const STYLE = `
body{font:13px/1.4 system-ui,sans-serif;margin:1rem;color:#222}
h1{font-size:1.3rem;margin:.2rem 0}
.filters{display:flex;gap:.8rem;flex-wrap:wrap;margin:.6rem 0;align-items:center}
.wrap{overflow:auto;max-height:75vh;border:1px solid #ccc}
table{border-collapse:collapse}
th,td{border:1px solid #ddd;padding:2px 5px;white-space:nowrap}
thead th{position:sticky;top:0;background:#f6f6f6;writing-mode:vertical-rl;transform:rotate(180deg);max-height:16rem;text-align:left}
thead th.measured{background:#fff4d6}
tbody th{position:sticky;left:0;background:#fafafa;text-align:left}
.s-enforced{background:#d9f2d9}.s-ignored{background:#fde9c8}.s-rejected{background:#f6cccc}.s-altered{background:#dfe3fb}.s-unknown{background:#eee;color:#666}
.c-observed{font-style:italic}
td.cell{cursor:pointer}
td.hidden,th.hidden,tr.hidden{display:none}
#detail{position:fixed;right:1rem;bottom:1rem;width:32rem;max-height:45vh;overflow:auto;background:#fff;border:1px solid #888;padding:.6rem;box-shadow:0 2px 8px #0003;white-space:pre-wrap}
#detail[hidden]{display:none}
.legend span{padding:0 .4rem;margin-right:.3rem}
`;

// Filters hide rows and columns; a click (or Enter) on a cell shows its citation in the panel.
const SCRIPT = `
(function(){
  var q=function(s){return document.querySelector(s)}, all=function(s){return Array.prototype.slice.call(document.querySelectorAll(s))};
  function apply(){
    var t=q('#f-target').value.toLowerCase(), f=q('#f-feature').value.toLowerCase(), st=q('#f-status').value, ev=q('#f-class').value, showMeasured=q('#f-measured').checked;
    var heads=all('thead th[data-col]'), shown={};
    heads.forEach(function(h){var col=h.getAttribute('data-col');var ok=h.getAttribute('data-target').toLowerCase().indexOf(t)>=0&&(showMeasured||h.getAttribute('data-basis')!=='measured');shown[col]=ok;h.classList.toggle('hidden',!ok);});
    var visibleRows=0;
    all('tbody tr').forEach(function(row){
      var featureOk=row.getAttribute('data-feature').toLowerCase().indexOf(f)>=0, any=false;
      Array.prototype.forEach.call(row.querySelectorAll('td'),function(td,i){var hide=!shown[String(i)];td.classList.toggle('hidden',hide);if(!hide&&(st===''||td.getAttribute('data-status')===st)&&(ev===''||td.getAttribute('data-class')===ev))any=true;});
      var ok=featureOk&&any;row.classList.toggle('hidden',!ok);if(ok)visibleRows++;
    });
    q('#count').textContent=visibleRows+' feature(s) shown';
  }
  function show(td){
    var d=JSON.parse(td.getAttribute('data-cell')),p=q('#detail');
    p.textContent=d.target+(d.basis==='measured'?' (measured)':'')+'\\n'+d.feature+': '+d.status+' ('+d.evidence+', read '+d.date+')\\nsource: '+d.source+'\\nquote: “'+d.quote+'”'+(d.note?'\\nnote: '+d.note:'')+(d.error?'\\nerror: '+d.error:'')+(d.conflicting?'\\nconflicting:\\n'+d.conflicting:'');
    p.hidden=false;
  }
  ['#f-target','#f-feature','#f-status','#f-class','#f-measured'].forEach(function(s){q(s).addEventListener('input',apply);q(s).addEventListener('change',apply);});
  all('td.cell').forEach(function(td){td.addEventListener('click',function(){show(td)});td.addEventListener('keydown',function(e){if(e.key==='Enter')show(td)});});
  q('#detail').addEventListener('click',function(){q('#detail').hidden=true});
  apply();
  document.body.setAttribute('data-rendered','true');
})();
`;

export function renderTargetsHtml(columns: readonly MatrixColumn[], generatedFrom: string): string {
  const head = columns
    .map((column, index) => {
      const label = `${column.target}${column.basis === "measured" ? " (measured)" : ""}`;
      const counts = `${column.counts.documented} documented, ${column.counts.observed} observed, ${column.counts.unknown} unknown; ${column.date}`;
      return `<th data-col="${index}" data-target="${escapeHtml(column.target)}" data-basis="${column.basis}" class="${column.basis}" title="${escapeHtml(counts)}">${escapeHtml(label)}</th>`;
    })
    .join("");
  const rows = FEATURE_IDS.map((feature) => `<tr data-feature="${escapeHtml(feature)}"><th>${escapeHtml(feature)}</th>${columns.map((column) => cellHtml(feature, column)).join("")}</tr>`).join("\n");
  const options = (values: readonly string[]): string => values.map((value) => `<option value="${value}">${value}</option>`).join("");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>schemalab targets: what each provider mode does with each JSON Schema feature</title><style>${STYLE}</style></head>
<body>
<h1>schemalab targets</h1>
<p>${columns.length} column(s) from ${escapeHtml(generatedFrom)}. Click a cell for its source, quote, date and evidence. Italic: observed (a third-party report or a probe), not vendor documentation. ⚑: sources conflict.</p>
<p class="legend"><span class="s-enforced">enforced</span><span class="s-ignored">ignored</span><span class="s-rejected">rejected</span><span class="s-altered">altered</span><span class="s-unknown">unknown</span></p>
<div class="filters">
<label>target <input id="f-target" type="search" placeholder="e.g. anthropic"></label>
<label>feature <input id="f-feature" type="search" placeholder="e.g. format"></label>
<label>status <select id="f-status"><option value="">any</option>${options(["enforced", "ignored", "rejected", "altered", "unknown"])}</select></label>
<label>evidence <select id="f-class"><option value="">any</option>${options(["documented", "observed", "unknown"])}</select></label>
<label><input id="f-measured" type="checkbox" checked> measured columns</label>
<span id="count"></span>
</div>
<div class="wrap"><table><thead><tr><th>feature</th>${head}</tr></thead>
<tbody>
${rows}
</tbody></table></div>
<div id="detail" hidden></div>
<script>${SCRIPT}</script>
</body></html>
`;
}
