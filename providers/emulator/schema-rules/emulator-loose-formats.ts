// What an `altered` format cell means on the emulator: the engine checks the format's syntax only, as
// XGrammar's grammars do (measured on @mlc-ai/web-xgrammar 0.1.27, providers/openai-compatible/vllm.profile.json):
// a date-time whose day the month does not have comes back, an address RFC 5321 refuses ("not-an-email@a")
// comes back. The emulator holds such a value to the syntax instead of the format.
const LOOSE_FORMAT_PATTERNS: Readonly<Record<string, string>> = {
  "date-time": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$",
  email: "^[^\\s@]+@[^\\s@]+$",
};

/** The syntax-only pattern standing for `format` where the cell is altered, or undefined for a format with none. */
export function looseFormatPattern(format: string): string | undefined {
  return LOOSE_FORMAT_PATTERNS[format];
}
