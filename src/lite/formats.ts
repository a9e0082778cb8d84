// String format checkers for schemalab/lite: regexes plus small semantic checks, no imports, no eval.
// Semantics follow ajv-formats 3.0.1 "full" mode except where the official JSON-Schema-Test-Suite
// (draft2020-12/optional/format) or the RFC it cites says otherwise. Deliberate differences from ajv-formats:
//   date-time  "T"/"t" is the only separator ("2020-01-01 12:00:00Z" is invalid; ajv splits on any \s).
//   time, date-time
//              the offset is Z or ±hh:mm ("12:00:00+01" and "12:00:00+0100" are invalid; ajv accepts both);
//              hour 24 / minute 60 are invalid even on a leap second ("24:59:60+01:00"; ajv accepts);
//              seconds are compared as digits ("00:59:59.999999999999999Z" is valid; ajv rounds it to 60).
//   duration   RFC 3339 appendix A: a unit may only be followed by the next smaller one ("P1Y2D" and
//              "PT1H2S" are invalid; ajv accepts).
//   email      quoted local parts and address literals are valid ("\"joe bloggs\"@example.com",
//              "joe@[127.0.0.1]", "joe@[IPv6:::1]"; ajv rejects). A dotless domain ("jx@X") stays invalid
//              as in ajv: the suite does not test it and RFC 5321 asks for fully qualified names.
//   hostname   a trailing dot is invalid ("example."; ajv accepts); "xn--" labels must be valid A-labels
//              ("xn--X", "xn--vek"; ajv accepts any LDH label).
//   uuid       the "urn:uuid:" prefix is invalid (ajv accepts it).
//   uri, uri-reference
//              strict RFC 3986: "http:/[::1]", "http://example.com:abc/p" (ajv reads "http:/" as an
//              authority), "//a@b@example.com/", a leading zero in an IPv6 literal's IPv4 part, "/a\"b"
//              and "1:b" are invalid (ajv accepts them); an empty hier-part is valid ("urn:", "mailto:#top";
//              ajv rejects it).
//   regex      compiled with the "u" flag ("\\a", "a{", "\\-" are invalid; ajv compiles without it).
//   uri-template
//              "{a.b}" and an apostrophe are valid, DEL and non-ucschar code points (C1 controls,
//              U+FFFE, lone surrogates) in literals are invalid (ajv: the reverse).
//   iri, iri-reference  not in ajv-formats; RFC 3987 via the RFC 3986 grammar widened by ucschar/iprivate.
// Approximations, all in hostname's A-label check (RFC 5891/5892 need Unicode data JavaScript does not expose):
//   case folding is toLowerCase(toUpperCase(cp)) with Cherokee and U+0131 special-cased (the resulting
//   code point classes equal the IDNA2008 tables of Python's idna 3.13 for all of Unicode 17); ZWNJ's
//   Joining_Type context is "between letters of a cursive-joining script", so a ZWNJ after a
//   right-joining letter such as ALEF passes; the Bidi rule (RFC 5893, a SHOULD for lookup) is not
//   checked. Code point classes follow the engine's Unicode version.
// Left out because they need Unicode tables (Bidi_Class, full IDNA2008): idn-hostname, idn-email.

type FormatChecker = (value: string) => boolean;

const matches =
  (pattern: RegExp): FormatChecker =>
  (value) =>
    pattern.test(value);

// Dates and times: one anchored regex checks the shape and the ranges, charCode arithmetic the rest.
const DATE = "\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])";
const HOUR_MINUTE = "(?:[01]\\d|2[0-3]):[0-5]\\d";
const TIME = `${HOUR_MINUTE}:(?:[0-5]\\d|60)(?:\\.\\d+)?(?:[zZ]|[+-]${HOUR_MINUTE})`;
const DATE_SHAPE = new RegExp(`^${DATE}$`);
const TIME_SHAPE = new RegExp(`^${TIME}$`);
const DATE_TIME_SHAPE = new RegExp(`^${DATE}[tT]${TIME}$`);
// February has 29 here; the year decides only for February 29.
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

// The two ASCII digits at `at` as a number: (a - 48) * 10 + (b - 48).
const twoDigits = (value: string, at: number) => value.charCodeAt(at) * 10 + value.charCodeAt(at + 1) - 528;

function isRealDate(value: string): boolean {
  const month = twoDigits(value, 5);
  const day = twoDigits(value, 8);
  const year = twoDigits(value, 0) * 100 + twoDigits(value, 2);
  // Leap years: every 4th, but of the century years only every 4th century.
  return day <= DAYS_IN_MONTH[month - 1]! && (day !== 29 || month !== 2 || year % (year % 100 ? 4 : 400) === 0);
}

// A leap second (":60", at `at` + 6) only exists at 23:59 UTC; the offset ("Z" or "±hh:mm") ends the value.
function isRealTime(value: string, at: number): boolean {
  if (value.charCodeAt(at + 6) !== 54) return true;
  const end = value.length;
  const offset = (value.charCodeAt(end - 1) | 32) === 122 ? 0 : twoDigits(value, end - 5) * 60 + twoDigits(value, end - 2);
  const utcMinute = twoDigits(value, at) * 60 + twoDigits(value, at + 3) + (value.charCodeAt(end - 6) === 45 ? offset : -offset);
  return (utcMinute + 1440) % 1440 === 1439;
}

const isDate = (value: string) => DATE_SHAPE.test(value) && isRealDate(value);
const isTime = (value: string) => TIME_SHAPE.test(value) && isRealTime(value, 0);
const isDateTime = (value: string) => DATE_TIME_SHAPE.test(value) && isRealDate(value) && isRealTime(value, 11);

// RFC 3339 appendix A: a unit may only be followed by the next smaller one ("1Y2M3D", "2M3D" or "3D",
// never "1Y3D"), the same for hours, minutes and seconds after "T"; or weeks alone.
const DURATION = /^P(?:(?:\d+Y(?:\d+M(?:\d+D)?)?|\d+M(?:\d+D)?|\d+D)(?:T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S))?|T(?:\d+H(?:\d+M(?:\d+S)?)?|\d+M(?:\d+S)?|\d+S)|\d+W)$/;

const OCTET = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4_SOURCE = `(?:${OCTET}\\.){3}${OCTET}`;
const IPV4 = new RegExp(`^${IPV4_SOURCE}$`);

const isHexDigit = (code: number) => (code >= 48 && code <= 57) || ((code | 32) >= 97 && (code | 32) <= 102);

// RFC 4291 text form, scanned once: eight groups of 1-4 hex digits, or fewer around one "::";
// an IPv4 tail after the last colon stands for two groups.
function isIPv6(value: string): boolean {
  let groups = 0;
  let digits = 0; // since the last colon
  let hasGap = false;
  for (let at = 0; at < value.length; at++) {
    const code = value.charCodeAt(at);
    if (code === 46) {
      groups += 2; // "." starts no hex group: this group and the rest must be the IPv4 tail
      return at > digits && IPV4.test(value.slice(at - digits)) && (hasGap ? groups < 8 : groups === 8);
    }
    if (code !== 58) {
      if (!isHexDigit(code) || ++digits > 4) return false;
      continue;
    }
    if (value.charCodeAt(at + 1) === 58) {
      if (hasGap) return false;
      hasGap = true;
      at++;
    } else if (!digits) return false; // a single colon follows a group
    if (digits) groups++;
    digits = 0;
  }
  if (digits) groups++;
  else if (value.charCodeAt(value.length - 2) !== 58) return false; // ends in a single colon, or is empty
  return hasGap ? groups < 8 : groups === 8;
}

const UUID = /^[\da-f]{8}-(?:[\da-f]{4}-){3}[\da-f]{12}$/i;
const JSON_POINTER = /^(?:\/(?:[^~/]|~[01])*)*$/;
const RELATIVE_JSON_POINTER = /^(?:0|[1-9]\d*)(?:#|(?:\/(?:[^~/]|~[01])*)*)$/;

function isRegex(value: string): boolean {
  try {
    new RegExp(value, "u");
    return true;
  } catch {
    return false;
  }
}

// The regex checks an IPv4 address literal itself and leaves an IPv6 one ("[IPv6:…]") to isIPv6.
const EMAIL = new RegExp(
  `^(?:[\\w!#$%&'*+/=?^\`{|}~-]+(?:\\.[\\w!#$%&'*+/=?^\`{|}~-]+)*|"(?:[ !#-[\\]-~]|\\\\[ -~])*")@(?:(?:[a-z\\d](?:[a-z\\d-]*[a-z\\d])?\\.)+[a-z\\d](?:[a-z\\d-]*[a-z\\d])?|\\[(?:${IPV4_SOURCE}|IPv6:[^[\\]]*)\\])$`,
  "i",
);

function isEmail(value: string): boolean {
  if (!EMAIL.test(value)) return false;
  if (value.charCodeAt(value.length - 1) !== 93) return true; // no address literal
  const open = value.lastIndexOf("["); // the literal holds no "[", so this opens it
  return (value.charCodeAt(open + 1) | 32) !== 105 || isIPv6(value.slice(open + 6, -1));
}

// RFC 3986, and RFC 3987 when `extra` adds ucschar and `privateUse` iprivate.
// ucschar: planes 1-13 without their last two code points (noncharacters), and E1000-EFFFD.
const UCSCHAR = `\\xA0-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFEF${"123456789ABCD".replace(/./g, (plane) => `\\u{${plane}0000}-\\u{${plane}FFFD}`)}\\u{E1000}-\\u{EFFFD}`;
const IPRIVATE = "\\uE000-\\uF8FF\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}";
const PCT_ENCODED = "%[\\da-fA-F]{2}";

function uriGrammar(extra: string, privateUse: string) {
  // "(?:[set]|%XX)*" unrolled to "[set]*(?:%XX[set]*)*": a tight loop over the common characters.
  const chars = (more: string) => {
    const set = `[\\w~.\\-${extra}!$&'()*+,;=${more}]`;
    return `${set}*(?:${PCT_ENCODED}${set}*)*`;
  };
  // A path is pchars and slashes: path-abempty starts with "/" or is empty, the others may not start with "//".
  const path = `/${chars(":@/")}`;
  const authority = `//(?:${chars(":")}@)?(?:\\[[^\\]]*\\]|${chars("")})(?::\\d*)?(?:${path})?`;
  const tail = `(?:\\?${chars(`:@/?${privateUse}`)})?(?:#${chars(":@/?")})?$`;
  const scheme = "[A-Za-z][A-Za-z\\d+.\\-]*:";
  return [
    new RegExp(`^${scheme}(?:${authority}|(?!//)${chars(":@/")})${tail}`, "u"),
    // path-noscheme: no ":" before the first "/"
    new RegExp(`^(?:${authority}|(?!//)${chars("@")}(?:${path})?)${tail}`, "u"),
  ] as const;
}

const [URI, URI_RELATIVE] = uriGrammar("", "");
const [IRI, IRI_RELATIVE] = uriGrammar(UCSCHAR, IPRIVATE);
const IP_FUTURE = /^[vV][\da-fA-F]+\.[\w~.\-!$&'()*+,;=:]+$/;

// "[" appears in a URI only to open its IP-literal, which holds no "]".
function hasValidIPLiteral(value: string): boolean {
  const open = value.indexOf("[");
  if (open < 0) return true;
  const literal = value.slice(open + 1, value.indexOf("]", open));
  return isIPv6(literal) || IP_FUTURE.test(literal);
}

const matchesUri =
  (grammar: RegExp, relative?: RegExp): FormatChecker =>
  (value) =>
    (grammar.test(value) || !!relative?.test(value)) && hasValidIPLiteral(value);

const TEMPLATE_VARCHAR = `(?:\\w|${PCT_ENCODED})`;
const TEMPLATE_VARSPEC = `${TEMPLATE_VARCHAR}(?:\\.?${TEMPLATE_VARCHAR})*(?::[1-9]\\d{0,3}|\\*)?`;
const URI_TEMPLATE = new RegExp(
  `^(?:[!#$&-;=?-\\[\\]_a-z~${UCSCHAR}${IPRIVATE}]|${PCT_ENCODED}|\\{[+#./;?&=,!@|]?${TEMPLATE_VARSPEC}(?:,${TEMPLATE_VARSPEC})*\\})*$`,
  "u",
);

// RFC 1123 labels, at most 253 characters, no trailing dot; "xn--" labels must be RFC 5891 A-labels.
// The regex admits only ASCII, and a value without "--" has no "xn--" label: the common path ends there.
const HOSTNAME = /^[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]{0,61}[a-z\d])?)*$/i;

function isHostname(value: string): boolean {
  return (
    value.length < 254 &&
    HOSTNAME.test(value) &&
    (!value.includes("--") || value.split(".").every((label) => !/^xn--/i.test(label) || isALabel(label)))
  );
}

// An "xn--" label must be Punycode for a U-label (RFC 5891 5.4).
export function isALabel(label: string): boolean {
  const decoded = decodePunycode(label.slice(4).toLowerCase());
  return decoded !== undefined && isULabel(decoded);
}

/** RFC 5891 5.4 and RFC 5892 on a label's Unicode form (idn-formats.ts adds the Bidi rule and lengths). */
export function isULabel(label: string): boolean {
  return label.normalize("NFC") === label && !U_LABEL_VIOLATION.test(label) && [...label].every(isCaseFoldStable) && joinersInContext(label);
}

// A U-label is invalid if this matches anywhere. Its alternatives, in order:
//   ASCII only: the label needed no "xn--";
//   RFC 5891 4.2.3: a hyphen at either end or in positions 3 and 4, a leading combining mark;
//   RFC 5892: a code point neither PVALID nor CONTEXT*, that is neither an exception (those that are no
//   letter or digit: ß, ς and the Arabic-Indic digits pass the next test) nor a letter, digit or mark, or an
//   ignorable one (Default_Ignorable, White_Space, Noncharacter, the ignorable blocks, old Hangul jamo);
//   RFC 5892 appendix A, CONTEXTO: MIDDLE DOT not between two "l", KERAIA not before Greek, GERESH or
//   GERSHAYIM not after Hebrew, KATAKANA MIDDLE DOT with no Hiragana/Katakana/Han, both Arabic-Indic digit sets.
const U_LABEL_VIOLATION =
  /^[\0-\x7F]*$|^-|-$|^..--|^\p{M}|(?![\u06FD\u06FE\u0F0B\u3007\u00B7\u0375\u05F3\u05F4\u30FB\u200C\u200D-]|(?![\u0640\u07FA\u302E\u302F\u3031-\u3035\u303B\p{DI}\p{White_Space}\p{NChar}\u20D0-\u20FF\u{1D100}-\u{1D24F}\u1100-\u11FF\uA960-\uA97F\uD7B0-\uD7FF])[\p{L}\p{Nd}\p{Mn}\p{Mc}])[^]|(?<!l)\u00B7|\u00B7(?!l)|\u0375(?!\p{sc=Greek})|(?<!\p{sc=Hebrew})[\u05F3\u05F4]|^(?![^]*[\p{sc=Hira}\p{sc=Kana}\p{sc=Han}])[^]*\u30FB|[\u0660-\u0669][^]*[\u06F0-\u06F9]|[\u06F0-\u06F9][^]*[\u0660-\u0669]/u;

// Cursive-joining scripts stand in for Joining_Type L/D/R, which JavaScript does not expose.
const TRANSPARENT = "[\\p{Mn}\\p{Me}]*";
const JOINING_LETTER = "(?=[\\p{sc=Arab}\\p{sc=Syrc}\\p{sc=Nkoo}\\p{sc=Mong}\\p{sc=Phag}\\p{sc=Mand}\\p{sc=Mani}\\p{sc=Phlp}\\p{sc=Adlm}])\\p{L}";
const ZWNJ_IN_JOINING_CONTEXT = new RegExp(`(?<=${JOINING_LETTER}${TRANSPARENT})\u200C(?=${TRANSPARENT}${JOINING_LETTER})`, "gu");

// RFC 5892 "Unstable": cp must equal NFKC(casefold(NFKC(cp))), except the PVALID exceptions ß and ς.
// JavaScript has no case folding; upper-then-lower matches it except for Cherokee (folds to upper case)
// and dotless i (folds to itself). A decoded label's ASCII is lowercase LDH (the input was lowercased and
// inserted code points are >= 128), which is stable.
function isCaseFoldStable(codePoint: string): boolean {
  if (codePoint < "\x80" || codePoint === "ß" || codePoint === "ς") return true;
  const compatible = codePoint.normalize("NFKC");
  const folded = /[\u13A0-\u13FD\uAB70-\uABBF]/.test(compatible)
    ? compatible.toUpperCase()
    : compatible === "ı"
      ? compatible
      : compatible.toUpperCase().toLowerCase();
  return folded.normalize("NFKC") === codePoint;
}

// CONTEXTJ: ZWJ and ZWNJ must follow a virama; ZWNJ may instead sit between joining letters.
// Drop every joiner its context allows: any joiner left is out of context.
const JOINER = /[\u200C\u200D]/;

function joinersInContext(label: string): boolean {
  if (!JOINER.test(label)) return true;
  const unexplained = label
    .replace(ZWNJ_IN_JOINING_CONTEXT, "")
    .replace(/([^])[\u200C\u200D]/gu, (pair, before: string) => (isVirama(before) ? before : pair));
  return !JOINER.test(unexplained);
}

// A virama has Canonical_Combining_Class 9. JavaScript cannot read the class, but NFD sorts marks by it:
// a virama moves after U+3099 (class 8) and stays before U+094D (class 9).
const movesPast = (mark: string, probe: string) => (mark + probe).normalize("NFD") !== mark + probe;
const isVirama = (codePoint = "") => movesPast(codePoint, "\u3099") && !movesPast(codePoint, "\u094D");

// Punycode (RFC 3492) with base 36, t_min 1, t_max 26, skew 38, damp 700, initial bias 72, initial n 128.
// Decoding lowercase input without surrogates is one-to-one (fuzzed against an encoder), so an A-label
// needs no re-encoding round trip: an empty basic part before a "-" ("xn---9uc") is refused, and so are
// surrogate code points, which String.fromCodePoint would pair.
export function decodePunycode(input: string): string | undefined {
  const delimiter = input.lastIndexOf("-");
  if (!delimiter) return undefined; // a "-" with no basic code points before it
  const output = delimiter < 0 ? [] : [...input.slice(0, delimiter)];
  let codePoint = 128;
  let index = 0;
  let bias = 72;
  for (let position = delimiter + 1; position < input.length; ) {
    const previousIndex = index;
    for (let weight = 1, k = 36; ; k += 36) {
      if (position === input.length) return undefined;
      const code = input.charCodeAt(position++); // after the delimiter: "a"-"z" or "0"-"9"
      const digit = code < 58 ? code - 22 : code - 97;
      index += digit * weight;
      const threshold = Math.min(Math.max(k - bias, 1), 26);
      if (digit < threshold) break;
      weight *= 36 - threshold;
    }
    // Adapt the bias to the delta just decoded.
    const length = output.length + 1;
    let delta = Math.floor((index - previousIndex) / (previousIndex ? 2 : 700));
    delta += Math.floor(delta / length);
    for (bias = 0; delta > 455; bias += 36) delta = Math.floor(delta / 35);
    bias += Math.floor((36 * delta) / (delta + 38));
    codePoint += Math.floor(index / length);
    index %= length;
    if (codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return undefined;
    output.splice(index++, 0, String.fromCodePoint(codePoint));
  }
  return output.join("");
}

export const FORMAT_CHECKERS: Readonly<Record<string, FormatChecker>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, FormatChecker>, {
    date: isDate,
    time: isTime,
    "date-time": isDateTime,
    duration: matches(DURATION),
    email: isEmail,
    hostname: isHostname,
    ipv4: matches(IPV4),
    ipv6: isIPv6,
    uuid: matches(UUID),
    uri: matchesUri(URI),
    "uri-reference": matchesUri(URI, URI_RELATIVE),
    iri: matchesUri(IRI),
    "iri-reference": matchesUri(IRI, IRI_RELATIVE),
    "uri-template": matches(URI_TEMPLATE),
    "json-pointer": matches(JSON_POINTER),
    "relative-json-pointer": matches(RELATIVE_JSON_POINTER),
    regex: isRegex,
  }),
);
