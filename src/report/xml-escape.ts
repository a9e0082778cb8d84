// Escaping for XML 1.0 (JUnit reports): the five markup characters become entities, characters XML
// 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF) are dropped, and
// whitespace a parser would normalise is written as a character reference so it survives.

const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\r": "&#13;",
  "\n": "&#10;",
  "\t": "&#9;",
};

export function stripInvalidXmlChars(text: string): string {
  return text.replace(INVALID_XML_CHARS, "");
}

/** For element content: parsers turn a literal CR into LF, so CR goes as a reference; LF and tab stay. */
export function escapeXmlText(text: string): string {
  return stripInvalidXmlChars(text).replace(/[&<>"'\r]/g, (char) => ENTITIES[char]!);
}

/** For attribute values (either quote): parsers turn literal tab, LF and CR into spaces, so all go as references. */
export function escapeXmlAttribute(text: string): string {
  return stripInvalidXmlChars(text).replace(/[&<>"'\r\n\t]/g, (char) => ENTITIES[char]!);
}
