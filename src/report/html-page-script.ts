// The report page's script (plain ES2020, inlined): it reads the data island and builds the page
// with DOM calls and text nodes only, so nothing from a results file is ever parsed as markup.
// This part holds the helpers, the page header and the capability matrix with its filters; the
// other sections are in html-page-sections.ts. No template literals inside: the text sits in one.
import { PAGE_SECTIONS_SCRIPT } from "./html-page-sections.js";

const HELPERS = String.raw`
"use strict";
var DATA = JSON.parse(document.getElementById("schemalab-data").textContent);
var nav = document.getElementById("nav");
var main = document.getElementById("main");
var statusRegion = document.getElementById("status");

function append(node, children) {
  if (children === undefined || children === null || children === false) return node;
  (Array.isArray(children) ? children : [children]).forEach(function (child) {
    if (child === undefined || child === null || child === false) return;
    if (Array.isArray(child)) append(node, child);
    else node.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  });
  return node;
}
function el(tag, attrs, children) {
  var node = document.createElement(tag);
  Object.keys(attrs || {}).forEach(function (name) {
    var value = attrs[name];
    if (value === undefined || value === null || value === false) return;
    if (name === "class") node.className = value; else node.setAttribute(name, value === true ? "" : String(value));
  });
  return append(node, children);
}
function pretty(value) { return value === undefined ? "(absent)" : JSON.stringify(value, null, 2); }
function fmt(n) { return Number(n).toLocaleString("en-US"); }
function pct(share) { return (share * 100).toFixed(1) + "%"; }
function plural(n, word) { return fmt(n) + " " + word + (n === 1 ? "" : "s"); }
function sectionsOf(kind) { return DATA.sections.filter(function (s) { return s.kind === kind; }); }
function announce(message) { statusRegion.textContent = ""; setTimeout(function () { statusRegion.textContent = message; }, 30); }
function verdictText(valid) { return valid === null ? "no verdict" : valid ? "valid" : "invalid"; }

function fallbackCopy(text) {
  var area = el("textarea", { readonly: true, "aria-hidden": "true", style: "position:fixed;top:0;left:0;opacity:0" });
  area.value = text;
  document.body.appendChild(area);
  area.select();
  var copied = false;
  try { copied = document.execCommand("copy"); } catch (error) { copied = false; }
  document.body.removeChild(area);
  return copied;
}
function copyText(text, button) {
  function done(copied) {
    button.textContent = copied ? "Copied" : "Select and copy";
    announce(copied ? "Copied to the clipboard" : "Could not copy; select the text instead");
    setTimeout(function () { button.textContent = "Copy"; }, 1500);
  }
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(fallbackCopy(text)); });
  } else {
    done(fallbackCopy(text));
  }
}
function replayLine(command, what) {
  var button = el("button", { type: "button", class: "copy", "aria-label": "Copy the replay command for " + what }, "Copy");
  button.addEventListener("click", function () { copyText(command, button); });
  return el("div", { class: "replay" }, [el("code", null, command), button]);
}
function table(headers, rows, attrs) {
  var head = el("tr", null, headers.map(function (h) {
    return typeof h === "object" ? el("th", { scope: "col", class: h.class }, h.text) : el("th", { scope: "col" }, h);
  }));
  var body = rows.map(function (cells) {
    return el("tr", null, cells.map(function (cell) {
      if (cell && cell.rowHeader) return el("th", { scope: "row" }, cell.text);
      if (cell && typeof cell === "object" && !(cell instanceof Node)) return el("td", { class: cell.class }, cell.node || cell.text);
      return el("td", null, cell);
    }));
  });
  return el("div", { class: "table-wrap" }, el("table", attrs || null, [el("thead", null, head), el("tbody", null, body)]));
}
function num(n) { return { text: fmt(n), class: "num" }; }
function block(id, title, children) {
  nav.appendChild(el("a", { href: "#" + id }, title));
  main.appendChild(el("section", { class: "block", id: id, "aria-labelledby": id + "-title" }, [el("h2", { id: id + "-title" }, title)].concat(children)));
}
function empty(text) { return el("p", { class: "empty" }, text); }
`;

const HEADER = String.raw`
function renderHeader() {
  var h = DATA.header;
  var meta = "schemalab " + h.schemalab + " · started " + h.startedAt + " · " + h.node + " on " + h.platform + (h.seed === undefined ? "" : " · seed " + h.seed);
  document.getElementById("meta").textContent = meta;
  var banners = document.getElementById("banners");
  if (!DATA.footer.complete) {
    banners.appendChild(el("div", { class: "banner partial", role: "alert" }, "Partial run: the run did not finish (interrupted, or a step failed). Everything below covers only what was written."));
  }
  if (DATA.drift) {
    var regressions = DATA.drift.items.filter(function (d) { return d.regression; }).length;
    banners.appendChild(el("div", { class: "banner " + (regressions ? "regression" : "clean"), role: regressions ? "alert" : null },
      regressions ? plural(regressions, "regression") + " since " + DATA.drift.baseline : "No regressions since " + DATA.drift.baseline));
  }
  var cards = [];
  function card(value, label) { cards.push(el("div", { class: "card" }, [el("span", { class: "value" }, value), el("span", { class: "label" }, label)])); }
  sectionsOf("fuzz").forEach(function (s) { card(fmt(s.findings.length), "findings · " + s.validator + " (" + fmt(s.cases) + " cases)"); });
  sectionsOf("conformance").forEach(function (s) { card(pct(s.compliance), "conformance · " + s.validator + " · " + (s.dialect || "draft2020-12")); });
  if (DATA.matrix.columns.length) card(fmt(DATA.matrix.columns.length), "matrix columns · " + fmt(DATA.matrix.features.length) + " features");
  sectionsOf("check").forEach(function (s) {
    card(fmt(s.results.filter(function (r) { return r.verdict === "rejected"; }).length) + " / " + fmt(s.results.length), "check results rejected (" + s.source + ")");
  });
  document.getElementById("cards").replaceChildren.apply(document.getElementById("cards"), cards);
}
`;

const MATRIX = String.raw`
var STATUSES = ["enforced", "ignored", "rejected", "altered", "error"];
var MARK = { enforced: "✓", ignored: "✗", rejected: "⊘", altered: "≈", error: "?" };

function matrixHeader(column, index) {
  return el("th", { scope: "col", "data-col": index, "data-provider": column.provider, title: column.baseUrl ? "base URL " + column.baseUrl : null }, [
    el("span", { class: "col-provider" }, column.provider),
    el("span", { class: "col-model" }, column.model),
    el("span", { class: "col-mode" }, column.mode),
    el("span", { class: "badge " + (column.emulated ? "emulated" : "live") }, column.emulated ? "emulated" : "live"),
  ]);
}
function matrixCell(column, index, feature) {
  var cell = column.cells[feature];
  var label = column.provider + " " + column.mode + ", " + feature + ": ";
  if (!cell) return el("td", { class: "s-none", "data-col": index, "data-provider": column.provider, "aria-label": label + "not probed" }, "—");
  var documented = column.differsFromProfile[feature];
  var gap = column.newToProfile[feature];
  var evidence = pretty(cell.evidence);
  return el("td", {
    class: "s-" + cell.status, "data-col": index, "data-provider": column.provider, "data-status": cell.status,
    "data-differs": documented === undefined ? null : "true",
    "data-new": gap === undefined ? null : "true",
    title: evidence.length > 600 ? evidence.slice(0, 600) + "…" : evidence,
  }, [MARK[cell.status] + " " + cell.status,
    documented === undefined ? null : el("span", { class: "differs" }, "≠ documented " + documented),
    gap === undefined ? null : el("span", { class: "new-fact" }, "new: profile " + gap)]);
}
function option(value, text) { return el("option", { value: value }, text); }
function renderMatrix() {
  var m = DATA.matrix;
  if (!m.columns.length) return [empty("No probe results in this run.")];
  var search = el("input", { type: "search", id: "feature-filter", placeholder: "e.g. format", "aria-label": "Filter features by id" });
  var statusSelect = el("select", { id: "status-filter", "aria-label": "Show features with this status" },
    [option("", "any status")].concat(STATUSES.map(function (s) { return option(s, s); }), [option("differs", "contradicts the profile"), option("new", "new to the profile (it says unknown)")]));
  var providers = m.columns.map(function (c) { return c.provider; }).filter(function (p, i, all) { return all.indexOf(p) === i; });
  var providerSelect = el("select", { id: "provider-filter", "aria-label": "Show one provider" },
    [option("", "all providers")].concat(providers.map(function (p) { return option(p, p); })));
  var count = el("output", { id: "matrix-count", "aria-live": "polite" });
  var rows = m.features.map(function (feature) {
    return el("tr", { "data-feature": feature }, [el("th", { scope: "row", title: DATA.featureSummaries[feature] || "not in the feature taxonomy" }, feature)]
      .concat(m.columns.map(function (column, index) { return matrixCell(column, index, feature); })));
  });
  var head = el("tr", null, [el("th", { scope: "col" }, "feature")].concat(m.columns.map(matrixHeader)));
  var matrix = el("table", { class: "matrix", id: "matrix-table" }, [
    el("caption", { class: "sr-only" }, "Capability matrix: one row per feature, one column per provider, model and mode; each cell names the measured status."),
    el("thead", null, head), el("tbody", null, rows)]);
  function apply() {
    var text = search.value.trim().toLowerCase();
    var status = statusSelect.value;
    var provider = providerSelect.value;
    matrix.querySelectorAll("[data-provider]").forEach(function (node) { node.hidden = provider !== "" && node.getAttribute("data-provider") !== provider; });
    var shown = 0;
    rows.forEach(function (row) {
      var cells = Array.prototype.filter.call(row.querySelectorAll("td"), function (td) { return !td.hidden; });
      var statusMatch = status === "" || cells.some(function (td) {
        return status === "differs" ? td.hasAttribute("data-differs") : status === "new" ? td.hasAttribute("data-new") : td.getAttribute("data-status") === status;
      });
      row.hidden = !(row.getAttribute("data-feature").toLowerCase().indexOf(text) >= 0 && statusMatch);
      if (!row.hidden) shown++;
    });
    count.textContent = "Showing " + fmt(shown) + " of " + plural(rows.length, "feature");
  }
  [search, statusSelect, providerSelect].forEach(function (control) { control.addEventListener("input", apply); control.addEventListener("change", apply); });
  apply();
  var legend = el("ul", { class: "legend", "aria-label": "Legend" }, STATUSES.map(function (s) { return el("li", { class: "s-" + s }, MARK[s] + " " + s); })
    .concat([el("li", { class: "s-none" }, "— not probed"), el("li", { class: "s-ignored" }, "≠ measured contradicts the profile's cell"), el("li", { class: "s-none" }, "new: measured where the profile says unknown")]));
  return [
    el("p", null, "Measured by probing each provider in each mode. Emulated columns come from loopback emulators that follow the documented profile; live columns come from real endpoints."),
    el("div", { class: "controls" }, [el("label", null, ["Feature ", search]), el("label", null, ["Status ", statusSelect]), el("label", null, ["Provider ", providerSelect]), count]),
    legend, el("div", { class: "table-wrap matrix-wrap" }, matrix),
  ];
}
`;

const MAIN = String.raw`
renderHeader();
if (DATA.drift) block("drift", "Drift since the baseline", renderDrift());
block("matrix", "Capability matrix", renderMatrix());
if (sectionsOf("fuzz").length) block("fuzz", "Fuzz findings", sectionsOf("fuzz").map(renderFuzz));
if (sectionsOf("conformance").length) block("conformance", "Conformance by keyword", sectionsOf("conformance").map(renderConformance));
if (sectionsOf("check").length) block("check", "Catalog compatibility", sectionsOf("check").map(renderCheck));
if (sectionsOf("compat").length) block("compat", "Schema evolution", sectionsOf("compat").map(renderCompat));
if (sectionsOf("dispatch").length) block("dispatch", "Dispatcher conformance", sectionsOf("dispatch").map(renderDispatch));
if (sectionsOf("catalog").length) block("catalog", "Catalog", sectionsOf("catalog").map(renderCatalog));
block("run", "Run", renderRun());
document.body.setAttribute("data-rendered", "true");
`;

export const PAGE_SCRIPT = `(function () {${HELPERS}${HEADER}${MATRIX}${PAGE_SECTIONS_SCRIPT}${MAIN}})();`;
