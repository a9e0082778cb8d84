import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { escapeXmlAttribute, escapeXmlText, stripInvalidXmlChars } from "./xml-escape.js";

// What an XML 1.0 parser does to character data (spec 2.11 and 3.3.3), enough to prove round trips:
// line ends normalise to LF, attribute whitespace to spaces, then references decode.
function decodeReferences(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi, (_, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[name]!;
  });
}
const parseText = (xml: string) => decodeReferences(xml.replace(/\r\n?/g, "\n"));
const parseAttribute = (xml: string) => decodeReferences(xml.replace(/\r\n?/g, "\n").replace(/[\t\n]/g, " "));

// Strings rich in the characters that matter: markup, whitespace, controls, surrogates (paired and lone).
const awkwardText = fc.string({
  unit: fc.oneof(
    fc.constantFrom("&", "<", ">", '"', "'", "\r", "\n", "\t", "\u0000", "\u0008", "\u000B", "\u001F", "\uFFFE", "\uFFFF", "\uD800", "\uDC00", "\uD83D\uDE00", "]]>", "&amp;"),
    fc.string({ unit: "binary", maxLength: 1 }),
  ),
  maxLength: 40,
});

const VALID_XML_CHAR = /^(?:[\t\n\r\u0020-\uD7FF\uE000-\uFFFD]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

describe("xml-escape", () => {
  test("escaped text parses back to the text, less the characters XML cannot carry", () => {
    fc.assert(fc.property(awkwardText, (text) => {
        expect(parseText(escapeXmlText(text))).toBe(stripInvalidXmlChars(text));
      }),);
  });

  test("escaped attribute values parse back exactly, whitespace included", () => {
    fc.assert(fc.property(awkwardText, (text) => {
        expect(parseAttribute(escapeXmlAttribute(text))).toBe(stripInvalidXmlChars(text));
      }),);
  });

  test("output holds only XML 1.0 characters and no raw markup", () => {
    fc.assert(
      fc.property(awkwardText, (text) => {
        for (const escaped of [escapeXmlText(text), escapeXmlAttribute(text)]) {
          expect(escaped).toMatch(VALID_XML_CHAR);
          expect(escaped).not.toMatch(/[<>"']|&(?!(amp|lt|gt|quot|apos|#\d+);)/);
        }
      }),
    );
  });

  test("drops C0 controls and lone surrogates, keeps pairs, tab and line ends", () => {
    expect(stripInvalidXmlChars("a\u0000b\u0007c\td\ne\rf\uD800g\uDC00h\uD83D\uDE00i\uFFFF")).toBe("abc\td\ne\rfgh\uD83D\uDE00i");
    expect(escapeXmlText(`</script> & "it's"\r\n`)).toBe("&lt;/script&gt; &amp; &quot;it&apos;s&quot;&#13;\n");
    expect(escapeXmlAttribute("a\tb\nc")).toBe("a&#9;b&#10;c");
  });
});
