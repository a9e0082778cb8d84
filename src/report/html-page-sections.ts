// The report page's script, second part: one render function per results section. Plain ES2020,
// text nodes only; helpers (el, table, replayLine, …) come from html-page-script.ts.

export const PAGE_SECTIONS_SCRIPT = String.raw`
function tag(text, kind) { return el("span", { class: "tag " + (kind || text) }, text); }

function renderFinding(f) {
  var title = f.schemaId + " · " + f.feature;
  return el("article", { class: "finding", "aria-label": "Finding " + f.id }, [
    el("h4", null, title),
    el("p", { class: "facts" }, [tag(f.adjudication), " ", f.direction + " at " + f.path + " · family " + f.family + " · seen " + plural(f.count, "time") + " · id " + f.id]),
    f.explanation ? el("p", null, f.explanation) : null,
    f.knownDivergence ? el("p", null, "Known divergence: " + f.knownDivergence) : null,
    el("div", { class: "examples" }, [
      el("figure", null, [el("figcaption", null, "minimal schema"), el("pre", null, pretty(f.example.schema))]),
      el("figure", null, [
        el("figcaption", null, "minimal instance · reference: " + verdictText(f.reference.valid) + " · candidate: " + verdictText(f.candidate.valid) + (f.candidate.error ? " (" + f.candidate.error + ")" : "")),
        el("pre", null, pretty(f.example.instance))]),
    ]),
    replayLine(f.replay, "finding " + f.id),
  ]);
}

function renderFuzz(s) {
  var shards = s.shard ? " · shard " + s.shard.index + " of " + s.shard.count : s.shards ? " · shards " + s.shards.merged.join(", ") + " of " + s.shards.count + " (some missing)" : "";
  var stats = fmt(s.cases) + " cases · " + fmt(Math.round(s.stats.casesPerSecond)) + " cases/s · " + pct(s.stats.validShare) + " valid · " + fmt(Math.round(s.stats.durationMs)) + " ms" + shards;
  var order = { "candidate-wrong": 0, undecided: 1, "reference-wrong": 2 };
  var findings = s.findings.slice().sort(function (a, b) { return order[a.adjudication] - order[b.adjudication]; });
  var targets = table(["schema", { text: "cases", class: "num" }, { text: "findings", class: "num" }], s.targets.map(function (t) {
    return [{ rowHeader: true, text: t.schemaId }, num(t.cases), num(t.findings)];
  }), { "aria-label": "Fuzz targets of " + s.validator });
  var disagreements = s.disagreements.map(function (d, i) {
    return el("li", null, [d.schemaId + " · " + d.family + " · " + d.path + " · reference " + verdictText(d.reference.valid) + ", candidate " + verdictText(d.candidate.valid),
      el("pre", null, pretty(d.instance)), replayLine(d.replay, "disagreement " + (i + 1))]);
  });
  return el("div", null, [
    el("h3", null, s.validator + " vs " + s.reference + " · seed " + s.seed),
    el("p", { class: "facts" }, stats),
    findings.length ? findings.map(renderFinding) : empty("No findings: the candidate agreed with the reference on every case."),
    el("details", null, [el("summary", null, "Targets (" + s.targets.length + ")"), targets]),
    s.unsupported.length ? el("details", null, [el("summary", null, "Unsupported by " + s.validator + " (" + s.unsupported.length + ")"),
      el("ul", null, s.unsupported.map(function (u) { return el("li", null, u.schemaId + ": " + u.reason); }))]) : null,
    disagreements.length ? el("details", null, [el("summary", null, "Disagreements (" + fmt(disagreements.length) + (s.disagreementsOmitted ? ", " + fmt(s.disagreementsOmitted) + " more in results.json" : "") + ")"), el("ol", null, disagreements)]) : null,
  ]);
}

function renderConformance(s) {
  var bad = function (t) { return t.failed + t.errored; };
  var keywords = Object.keys(s.byKeyword).sort(function (a, b) { return bad(s.byKeyword[b]) - bad(s.byKeyword[a]) || (a < b ? -1 : a > b ? 1 : 0); });
  var rows = keywords.map(function (keyword) {
    var t = s.byKeyword[keyword];
    var total = t.passed + t.failed + t.skipped + t.errored;
    var share = total ? t.passed / total : 0;
    var bar = el("span", { class: "bar", "aria-hidden": "true" }, el("span", { style: "width:" + (share * 100).toFixed(1) + "%" }));
    return [{ rowHeader: true, text: keyword }, { node: [bar, pct(share)] }, num(t.passed), { text: fmt(t.failed), class: "num" + (t.failed ? " v-failed" : "") },
      num(t.skipped), { text: fmt(t.errored), class: "num" + (t.errored ? " v-failed" : "") }];
  });
  var failures = s.failures.map(function (f) {
    return el("li", null, [f.file + " · " + f.group + " · " + f.test + ": expected " + f.expected + ", got " + f.got,
      el("div", { class: "examples" }, [el("figure", null, [el("figcaption", null, "schema"), el("pre", null, pretty(f.schema))]), el("figure", null, [el("figcaption", null, "data"), el("pre", null, pretty(f.data))])])]);
  });
  return el("div", null, [
    el("h3", null, s.validator + " · " + (s.dialect || "draft2020-12") + " · " + pct(s.compliance) + " compliance"),
    el("p", { class: "facts" }, fmt(s.totals.passed) + " passed · " + fmt(s.totals.failed) + " failed · " + fmt(s.totals.skipped) + " skipped · " + fmt(s.totals.errored) + " errored · suite " + s.suite.path + (s.suite.commit ? " @ " + s.suite.commit : "")),
    table(["keyword", "passing", { text: "passed", class: "num" }, { text: "failed", class: "num" }, { text: "skipped", class: "num" }, { text: "errored", class: "num" }], rows, { "aria-label": "Conformance of " + s.validator + " (" + (s.dialect || "draft2020-12") + ") by keyword" }),
    failures.length ? el("details", null, [el("summary", null, "Failures (" + failures.length + ")"), el("ul", null, failures)]) : null,
    s.skips.length ? el("details", null, [el("summary", null, "Skipped groups (" + s.skips.length + ")"), el("ul", null, s.skips.map(function (k) { return el("li", null, k.file + " · " + k.group + " (" + plural(k.tests, "test") + "): " + k.reason); }))]) : null,
  ]);
}

function unique(values) { return values.filter(function (v, i, all) { return all.indexOf(v) === i; }); }

function checkCell(result, notes) {
  if (!result) return { text: "—", class: "s-none" };
  function text(id) { return notes[id] || id; }
  var items = [el("li", null, "fallback: " + result.fallback.rung + " (" + text(result.fallback.reason) + ")")]
    .concat(result.obligations.map(function (o) { return el("li", null, "the app must: " + text(o.note) + " (" + o.paths.join(", ") + ")"); }))
    .concat(result.changes.map(function (c) { return el("li", null, c.kind + " " + c.keyword + " at " + c.paths.join(", ") + ": " + text(c.reason) + (c.lossy ? " (lossy)" : "")); }))
    .concat(result.ignored.map(function (i) { return el("li", null, "ignored " + i.feature + " at " + i.paths.join(", ") + ": " + text(i.note)); }))
    .concat(result.rejected.map(function (r) { return el("li", null, "rejected " + r.feature + " at " + r.path + ": " + text(r.error)); }));
  var changes = result.changes.length ? " · " + plural(result.changes.length, "change") : "";
  var duties = result.obligations.length ? " · " + plural(result.obligations.length, "obligation") : "";
  var summary = el("summary", null, [result.verdict + changes + duties, el("span", { class: "fallback" }, "fallback: " + result.fallback.rung)]);
  return { class: "v-" + result.verdict, node: el("details", { class: "cell" }, [summary, el("ul", null, items)]) };
}

function renderCheck(s) {
  var notes = s.notes || {};
  var schemas = unique(s.results.map(function (r) { return r.schemaId; }));
  var targets = (s.targets || []).map(function (a) { return a.target; });
  var byPair = {};
  s.results.forEach(function (r) { byPair[r.schemaId + "\u0000" + r.target] = r; });
  var answers = (s.targets || []).map(function (a) {
    var answer = a.counts.rejected > 0 ? "no" : (a.counts["needs-local-validation"] > 0 || a.obligations.length > 0 ? "yes, if the app acts" : "yes");
    return [{ rowHeader: true, text: a.target }, { text: answer }, { text: String(a.counts.native) }, { text: String(a.counts.translated) }, { text: String(a.counts["needs-local-validation"]) }, { text: String(a.counts.rejected) },
      { text: a.blockers.map(function (b) { return b.schemaId + ": " + (notes[b.reason] || b.reason); }).join("; ") },
      { text: a.obligations.map(function (o) { return o.kind + " (" + o.schemaIds.join(", ") + ")"; }).join("; ") }];
  });
  var rows = schemas.map(function (schemaId) {
    return [{ rowHeader: true, text: schemaId }].concat(targets.map(function (target) {
      return checkCell(byPair[schemaId + "\u0000" + target], notes);
    }));
  });
  var toolList = (s.toolListFindings || []).map(function (f) {
    return [{ rowHeader: true, text: f.schemaId }, f.rule, { text: f.severity, class: f.severity === "error" ? "v-rejected" : "v-needs-local-validation" }, f.message, f.failsWholeRequestOn.filter(function (t) { return t !== "mcp-sdk"; }).join(", ") || "—"];
  });
  return el("div", null, [
    el("h3", null, "Against " + s.source + " profiles"),
    toolList.length ? table(["tool", "tool-list rule", "severity", "what", "whole request fails on"], toolList, { "aria-label": "Tool-list rules, " + s.source + " profiles" }) : null,
    table(["target", "can go?", "native", "translated", "local validation", "rejected", "blocked by", "the app must"], answers, { "aria-label": "Per-target answer, " + s.source + " profiles" }),
    el("p", { class: "facts" }, "Each cell: the verdict, then (open it) the fallback to use, what the app must do and every change the adapter makes."),
    table(["schema"].concat(targets), rows, { "aria-label": "Catalog compatibility, " + s.source + " profiles" }),
  ]);
}

function renderCompat(s) {
  var rows = s.results.map(function (r) {
    var changes = el("ul", null, (r.undetermined || []).map(function (reason) { return el("li", null, "undetermined: " + reason); }).concat(
      r.changes.map(function (c) { return el("li", null, c.kind + " at " + c.path + ": " + c.rule + " → " + c.migration + " (" + c.method + ")"); })));
    var example = r.counterexample ? [el("pre", null, pretty(r.counterexample.value)), replayLine(r.counterexample.replay, "the counterexample of " + r.schemaId)] : [];
    return [{ rowHeader: true, text: r.schemaId }, (r.oldVersion || "?") + " → " + (r.newVersion || "?"), r.direction,
      { text: r.verdict, class: "v-" + r.verdict }, r.versionBumped ? "yes" : "no", r.cases === undefined ? "" : fmt(r.cases), { node: [changes].concat(example) }];
  });
  return table(["schema", "versions", "direction", "verdict", "major bump", "values checked", "changes"], rows, { "aria-label": "Schema evolution results" });
}

function renderDispatch(s) {
  var cases = s.cases.slice().sort(function (a, b) { return Number(a.passed) - Number(b.passed); });
  return el("div", null, [
    el("h3", null, s.dispatcher + " · " + fmt(s.totals.passed) + " passed · " + fmt(s.totals.failed) + " failed"),
    table(["provider", "fixture", "property", "outcome", "detail"], cases.map(function (c) {
      return [c.provider, c.fixture, c.property, { text: c.passed ? "passed" : "failed", class: c.passed ? "v-passed" : "v-failed" }, c.detail];
    }), { "aria-label": "Dispatch cases of " + s.dispatcher }),
  ]);
}

function renderCatalog(s) {
  return table(["schema", "file", "format", "features"], s.schemas.map(function (c) {
    return [{ rowHeader: true, text: c.schemaId }, c.file, c.format, c.features.join(", ")];
  }), { "aria-label": "Declared schemas" });
}

function renderDrift() {
  var items = DATA.drift.items;
  if (!items.length) return [empty("Nothing changed since " + DATA.drift.baseline + ".")];
  return [el("p", null, "Compared with " + DATA.drift.baseline + "; regressions first."), table(["", "change", "key", "before", "after", "detail"], items.map(function (d) {
    return [{ node: tag(d.regression ? "regression" : "ok") }, d.kind, d.key, d.before || "–", d.after || "–", d.detail];
  }), { "aria-label": "Drift since the baseline" })];
}

function renderRun() {
  var h = DATA.header;
  var rows = [["schemalab", h.schemalab], ["results version", String(h.resultsVersion)], ["node", h.node], ["platform", h.platform],
    ["started", h.startedAt], ["finished", DATA.footer.finishedAt], ["complete", DATA.footer.complete ? "yes" : "no: partial run"],
    ["seed", h.seed === undefined ? "not recorded" : String(h.seed)], ["argv", h.argv.join(" ") || "(none)"]];
  sectionsOf("fuzz").forEach(function (s) { rows.push(["fuzz", s.validator + " vs " + s.reference + ", seed " + s.seed]); });
  sectionsOf("conformance").forEach(function (s) { rows.push(["conformance suite", s.suite.path + (s.suite.commit ? " @ " + s.suite.commit : "")]); });
  sectionsOf("probe").forEach(function (s) {
    rows.push(["probe " + s.provider, s.model + " · " + (s.emulated ? "emulated" : "live" + (s.baseUrl ? " at " + s.baseUrl : "")) + " · measured " + s.measuredAt + " · " + s.profileLine + " · " + plural(s.recordCount, "raw record") + " in results.json"]);
  });
  return [el("dl", { class: "run" }, rows.reduce(function (all, row) { return all.concat([el("dt", null, row[0]), el("dd", null, row[1])]); }, []))];
}
`;
