// index.html: one self-contained page (inline CSS and script, no network, works from file://).
// The data travels as JSON in a <script type="application/json"> island with `<` written as
// \u003c, so no string in a results file can end the element; the page script renders it with
// text nodes. A Content-Security-Policy allows only that one script (by hash) and no fetches.
import { createHash } from "node:crypto";
import { FEATURES } from "../schema/features.js";
import { buildCapabilityMatrix } from "./capability-matrix.js";
import { PAGE_SCRIPT } from "./html-page-script.js";
import { PAGE_STYLE } from "./html-page-style.js";
import type { ResultsDocument, Section } from "./model.js";
import { formatProbeProfileCounts, probeProfileCounts } from "./probe-profile-counts.js";

/** Disagreements beyond this many per fuzz section stay in results.json; findings carry the examples. */
const MAX_DISAGREEMENTS = 200;

/**
 * What the page shows: the document less the bulk it does not display. Probe cells travel once,
 * in the matrix; raw probe records stay in results.json (the page shows their count).
 */
function pageSection(section: Section): unknown {
  if (section.kind === "probe") {
    const { modes: _modes, records, diffFromProfile: _diff, measuredWhereUnknown: _gaps, ...identity } = section;
    return { ...identity, recordCount: records.length, profileLine: formatProbeProfileCounts(probeProfileCounts(section)) };
  }
  if (section.kind === "fuzz" && section.disagreements.length > MAX_DISAGREEMENTS) {
    return { ...section, disagreements: section.disagreements.slice(0, MAX_DISAGREEMENTS), disagreementsOmitted: section.disagreements.length - MAX_DISAGREEMENTS };
  }
  return section;
}

function pageData(document: ResultsDocument): unknown {
  return {
    header: document.header,
    footer: document.footer,
    drift: document.drift,
    sections: document.sections.map(pageSection),
    matrix: buildCapabilityMatrix(document),
    featureSummaries: Object.fromEntries(FEATURES.map((f) => [f.id, `${f.summary} (${f.category})`])),
  };
}

/** JSON that is inert inside a <script> element: no `<`, `>` or `&` and no JS line separators. */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export function renderHtml(document: ResultsDocument): string {
  const scriptHash = createHash("sha256").update(PAGE_SCRIPT).digest("base64");
  const csp = `default-src 'none'; script-src 'sha256-${scriptHash}'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'`;
  const title = `schemalab results · ${document.header.startedAt}${document.footer.complete ? "" : " (partial)"}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<header class="page">
<h1>schemalab results</h1>
<p class="meta" id="meta"></p>
<div id="banners"></div>
<div class="cards" id="cards"></div>
<nav class="sections" id="nav" aria-label="Report sections"></nav>
</header>
<main id="main">
<noscript><p>This report renders with JavaScript; the same results are in results.json and summary.md beside this file.</p></noscript>
</main>
<div class="sr-only" id="status" role="status" aria-live="polite"></div>
<script type="application/json" id="schemalab-data">${jsonForScriptElement(pageData(document))}</script>
<script>${PAGE_SCRIPT}</script>
</body>
</html>
`;
}
