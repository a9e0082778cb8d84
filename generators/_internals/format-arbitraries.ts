// One small arbitrary per string format, producing values that every judge in the lab accepts:
// ajv-formats "full" mode, lite (stricter in places: duration unit chains, ±hh:mm offsets, no
// "urn:uuid:" prefix, no trailing hostname dot) and the official JSON-Schema-Test-Suite.
import fc from "fast-check";

const pad = (value: number, width: number): string => String(value).padStart(width, "0");
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

const dateArbitrary = fc
  .tuple(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.nat({ max: 30 }))
  .map(([year, month, dayIndex]) => {
    const days = DAYS_IN_MONTH[month - 1]! + (month === 2 && isLeapYear(year) ? 1 : 0);
    return `${pad(year, 4)}-${pad(month, 2)}-${pad(1 + (dayIndex % days), 2)}`;
  });

const offsetArbitrary = fc.oneof(
  { weight: 3, arbitrary: fc.constant("Z") },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 30, 45))
      .map(([sign, hours, minutes]) => `${sign}${pad(hours, 2)}:${pad(minutes, 2)}`),
  },
);

const timeArbitrary = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }), fc.option(fc.integer({ min: 0, max: 999 }), { nil: undefined }), offsetArbitrary)
  .map(([h, m, s, millis, offset]) => `${pad(h, 2)}:${pad(m, 2)}:${pad(s, 2)}${millis === undefined ? "" : `.${pad(millis, 3)}`}${offset}`);

const dateTimeArbitrary = fc.tuple(dateArbitrary, timeArbitrary).map(([date, time]) => `${date}T${time}`);

/** RFC 3339 appendix A chains: a unit is followed only by the next smaller one (lite enforces it). */
function unitChain(units: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.nat({ max: units.length - 1 }), fc.nat({ max: units.length - 1 }), fc.array(fc.nat({ max: 99 }), { minLength: units.length, maxLength: units.length }))
    .map(([a, b, amounts]) => {
      const [from, to] = a <= b ? [a, b] : [b, a];
      return units.slice(from, to + 1).map((unit, i) => `${amounts[i]}${unit}`).join("");
    });
}

const durationArbitrary = fc.oneof(
  unitChain(["Y", "M", "D"]).map((date) => `P${date}`),
  unitChain(["H", "M", "S"]).map((time) => `PT${time}`),
  fc.tuple(unitChain(["Y", "M", "D"]), unitChain(["H", "M", "S"])).map(([date, time]) => `P${date}T${time}`),
  fc.nat({ max: 52 }).map((weeks) => `P${weeks}W`),
);

const LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789".split("");
const word = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...LOWER_ALNUM), minLength: min, maxLength: max });
/** A label with at most one hyphen, never at positions 3-4 ("xn--" is reserved for A-labels). */
const labelArbitrary = fc
  .tuple(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz".split("")), word(0, 6), fc.option(word(1, 5), { nil: undefined }))
  .map(([first, rest, tail]) => `${first}${rest}${tail === undefined ? "" : `-${tail}`}`);
const tldArbitrary = fc.constantFrom("com", "org", "net", "io", "dev", "es", "example");
const domainArbitrary = fc.tuple(fc.array(labelArbitrary, { minLength: 1, maxLength: 2 }), tldArbitrary).map(([labels, tld]) => [...labels, tld].join("."));
const hostnameArbitrary = fc.oneof(domainArbitrary, labelArbitrary);

const emailArbitrary = fc
  .tuple(fc.array(word(1, 8), { minLength: 1, maxLength: 2 }), fc.constantFrom("", "+tag", "_x"), domainArbitrary)
  .map(([parts, suffix, domain]) => `${parts.join(".")}${suffix}@${domain}`);

const octet = fc.integer({ min: 0, max: 255 });
const ipv4Arbitrary = fc.tuple(octet, octet, octet, octet).map((octets) => octets.join("."));

const hexGroup = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
/** Eight groups, sometimes with one run written as "::". */
const ipv6Arbitrary = fc
  .tuple(fc.array(hexGroup, { minLength: 8, maxLength: 8 }), fc.nat({ max: 7 }), fc.nat({ max: 8 }))
  .map(([groups, start, length]) => {
    if (length === 0) return groups.join(":");
    const end = Math.min(8, start + length);
    return `${groups.slice(0, start).join(":")}::${groups.slice(end).join(":")}`;
  });

const uuidArbitrary = fc.uuid();

const segmentArbitrary = fc.string({ unit: fc.constantFrom(...LOWER_ALNUM, "-", "_", ".", "~"), minLength: 1, maxLength: 8 }).filter((s) => s !== "." && s !== "..");
const pathArbitrary = fc.array(segmentArbitrary, { maxLength: 3 }).map((segments) => segments.map((s) => `/${s}`).join(""));
const queryArbitrary = fc.option(fc.tuple(word(1, 5), word(0, 5)).map(([k, v]) => `?${k}=${v}`), { nil: "" });
const fragmentArbitrary = fc.option(word(1, 6).map((f) => `#${f}`), { nil: "" });

const uriArbitrary = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom("https", "https", "https", "http", "ftp"), hostnameArbitrary, fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }), pathArbitrary, queryArbitrary, fragmentArbitrary).map(([scheme, host, port, path, query, fragment]) => `${scheme}://${host}${port === undefined ? "" : `:${port}`}${path}${query}${fragment}`) },
  { weight: 1, arbitrary: word(1, 10).map((isbn) => `urn:isbn:${isbn}`) },
  { weight: 1, arbitrary: emailArbitrary.map((address) => `mailto:${address}`) },
);

const uriReferenceArbitrary = fc.oneof(
  uriArbitrary,
  fc.tuple(pathArbitrary, queryArbitrary, fragmentArbitrary).map(([path, query, fragment]) => `${path || "/"}${query}${fragment}`),
  fc.tuple(segmentArbitrary.filter((s) => !s.includes(":")), pathArbitrary).map(([first, rest]) => `${first}${rest}`),
  word(1, 6).map((fragment) => `#${fragment}`),
);

const pointerToken = fc.string({ unit: fc.constantFrom(...LOWER_ALNUM, "~0", "~1", "_", " "), maxLength: 6 });
const jsonPointerArbitrary = fc.array(pointerToken, { maxLength: 4 }).map((tokens) => tokens.map((t) => `/${t}`).join(""));
const relativeJsonPointerArbitrary = fc.tuple(fc.nat({ max: 5 }), fc.oneof(fc.constant("#"), jsonPointerArbitrary)).map(([up, rest]) => `${up}${rest}`);

const regexArbitrary = fc.constantFrom("^[a-z]+$", "\\d{2,4}", "(foo|bar)baz", "^[A-Z]{3}-\\d+$", "a*b?c+", "^$", "[^\\s]+", "^(?:\\+\\d{1,3})?\\d{6,12}$");
const uriTemplateArbitrary = fc.tuple(domainArbitrary, word(1, 6)).map(([host, variable]) => `https://${host}/items/{${variable}}`);

/** Formats Ajv (ajv-formats full) and lite both check; anything else is treated as an annotation. */
export const FORMAT_ARBITRARIES: Readonly<Record<string, fc.Arbitrary<string>>> = {
  date: dateArbitrary,
  time: timeArbitrary,
  "date-time": dateTimeArbitrary,
  "iso-time": timeArbitrary,
  "iso-date-time": dateTimeArbitrary,
  duration: durationArbitrary,
  email: emailArbitrary,
  "idn-email": emailArbitrary,
  hostname: hostnameArbitrary,
  "idn-hostname": hostnameArbitrary,
  ipv4: ipv4Arbitrary,
  ipv6: ipv6Arbitrary,
  uuid: uuidArbitrary,
  uri: uriArbitrary,
  iri: uriArbitrary,
  url: fc.tuple(domainArbitrary, pathArbitrary).map(([host, path]) => `https://${host}${path}`),
  "uri-reference": uriReferenceArbitrary,
  "iri-reference": uriReferenceArbitrary,
  "uri-template": uriTemplateArbitrary,
  "json-pointer": jsonPointerArbitrary,
  "relative-json-pointer": relativeJsonPointerArbitrary,
  regex: regexArbitrary,
  byte: fc.base64String({ maxLength: 24 }),
};

export function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  return Object.prototype.hasOwnProperty.call(FORMAT_ARBITRARIES, format) ? FORMAT_ARBITRARIES[format] : undefined;
}
