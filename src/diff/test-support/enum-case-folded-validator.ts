// Broken on purpose: a string enum value matches with other case and surrounding spaces (" DESAYUNO ").
import { brokenAjv } from "./rewrite-schema.js";

function caseFoldedPattern(text: string): string {
  const letters = [...text].map((char) => {
    const lower = char.toLowerCase();
    const upper = char.toUpperCase();
    const escaped = (c: string) => c.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
    return lower === upper ? escaped(char) : `[${escaped(lower)}${escaped(upper)}]`;
  });
  return `^\\s*${letters.join("")}\\s*$`;
}

export default brokenAjv("enum-case-folded", (node) => {
  if (!Array.isArray(node.enum) || !node.enum.every((item) => typeof item === "string")) return node;
  const folded = (node.enum as string[]).map((item) => ({ type: "string", pattern: caseFoldedPattern(item) }));
  return { anyOf: [node, ...folded] };
});
