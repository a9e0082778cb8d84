// One small arbitrary per string format, producing values that every judge in the lab accepts:
// ajv-formats "full" mode, lite (stricter in places: duration unit chains, ±hh:mm offsets, no
// "urn:uuid:" prefix, no trailing hostname dot) and the official JSON-Schema-Test-Suite.
// Values are drawn directly (see draw-arbitrary.ts) and shrink to one canonical example.
import type fc from "fast-check";
import { between, drawnText, pick, type Digits } from "./draw-arbitrary.js";

type Draw = (digits: Digits) => string;

// Drawn dates and times are padded millions of times a run: the common widths skip padStart.
const pad = (value: number, width: number): string => {
  if (width === 2 && value >= 0 && value < 100) return value < 10 ? `0${value}` : `${value}`;
  return String(value).padStart(width, "0");
};
const int = between;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
const LOWER = "abcdefghijklmnopqrstuvwxyz";
const LOWER_ALNUM = `${LOWER}0123456789`;
const HEX = "0123456789abcdef";

function chars(random: Digits, alphabet: string, min: number, max: number): string {
  let text = "";
  for (let i = int(random, min, max); i > 0; i--) text += alphabet[random.below(alphabet.length)];
  return text;
}

const date: Draw = (r) => {
  const year = int(r, 1900, 2100);
  const month = int(r, 1, 12);
  const days = DAYS_IN_MONTH[month - 1]! + (month === 2 && isLeapYear(year) ? 1 : 0);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(int(r, 1, days), 2)}`;
};

const offset = (r: Digits): string => (int(r, 0, 4) < 3 ? "Z" : `${pick(r, ["+", "-"])}${pad(int(r, 0, 23), 2)}:${pick(r, ["00", "30", "45"])}`);
const time: Draw = (r) => {
  const fraction = int(r, 0, 2) === 0 ? `.${pad(int(r, 0, 999), 3)}` : "";
  return `${pad(int(r, 0, 23), 2)}:${pad(int(r, 0, 59), 2)}:${pad(int(r, 0, 59), 2)}${fraction}${offset(r)}`;
};
const dateTime: Draw = (r) => `${date(r)}T${time(r)}`;

/** RFC 3339 appendix A chains: a unit is followed only by the next smaller one (lite enforces it). */
function unitChain(r: Digits, units: readonly string[]): string {
  const from = int(r, 0, units.length - 1);
  const to = int(r, from, units.length - 1);
  return units.slice(from, to + 1).map((unit) => `${int(r, 0, 99)}${unit}`).join("");
}
const duration: Draw = (r) => {
  switch (int(r, 0, 3)) {
    case 0:
      return `P${unitChain(r, ["Y", "M", "D"])}`;
    case 1:
      return `PT${unitChain(r, ["H", "M", "S"])}`;
    case 2:
      return `P${unitChain(r, ["Y", "M", "D"])}T${unitChain(r, ["H", "M", "S"])}`;
    default:
      return `P${int(r, 0, 52)}W`;
  }
};

/** A label with at most one hyphen, never at positions 3-4 ("xn--" is reserved for A-labels). */
const label: Draw = (r) => `${pick(r, LOWER)}${chars(r, LOWER_ALNUM, 0, 6)}${int(r, 0, 2) === 0 ? `-${chars(r, LOWER_ALNUM, 1, 5)}` : ""}`;
const TLDS = ["com", "org", "net", "io", "dev", "es", "example"];
const domain: Draw = (r) => `${label(r)}${int(r, 0, 1) ? `.${label(r)}` : ""}.${pick(r, TLDS)}`;
const hostname: Draw = (r) => (int(r, 0, 3) === 0 ? label(r) : domain(r));
const email: Draw = (r) => `${chars(r, LOWER_ALNUM, 1, 8)}${int(r, 0, 2) === 0 ? `.${chars(r, LOWER_ALNUM, 1, 6)}` : ""}${pick(r, ["", "", "+tag", "_x"])}@${domain(r)}`;

const ipv4: Draw = (r) => `${int(r, 0, 255)}.${int(r, 0, 255)}.${int(r, 0, 255)}.${int(r, 0, 255)}`;
/** Eight groups, sometimes with one run written as "::". */
const ipv6: Draw = (r) => {
  const groups = Array.from({ length: 8 }, () => int(r, 0, 0xffff).toString(16));
  if (int(r, 0, 1) === 0) return groups.join(":");
  const start = int(r, 0, 7);
  const end = Math.min(8, start + int(r, 1, 8));
  return `${groups.slice(0, start).join(":")}::${groups.slice(end).join(":")}`;
};
/** Version 4, RFC 4122 variant. */
const uuid: Draw = (r) => `${chars(r, HEX, 8, 8)}-${chars(r, HEX, 4, 4)}-4${chars(r, HEX, 3, 3)}-${pick(r, "89ab")}${chars(r, HEX, 3, 3)}-${chars(r, HEX, 12, 12)}`;

const segment: Draw = (r) => `${pick(r, LOWER_ALNUM)}${chars(r, `${LOWER_ALNUM}-_.~`, 0, 7)}`;
const path: Draw = (r) => Array.from({ length: int(r, 0, 3) }, () => `/${segment(r)}`).join("");
const query: Draw = (r) => (int(r, 0, 1) ? `?${chars(r, LOWER, 1, 5)}=${chars(r, LOWER_ALNUM, 0, 5)}` : "");
const fragment: Draw = (r) => (int(r, 0, 2) === 0 ? `#${chars(r, LOWER_ALNUM, 1, 6)}` : "");
const httpUri: Draw = (r) => `${pick(r, ["https", "https", "https", "http", "ftp"])}://${hostname(r)}${int(r, 0, 4) === 0 ? `:${int(r, 1, 65535)}` : ""}${path(r)}${query(r)}${fragment(r)}`;
const uri: Draw = (r) => {
  const kind = int(r, 0, 5);
  if (kind === 0) return `urn:isbn:${chars(r, LOWER_ALNUM, 1, 10)}`;
  if (kind === 1) return `mailto:${email(r)}`;
  return httpUri(r);
};
const uriReference: Draw = (r) => {
  switch (int(r, 0, 3)) {
    case 0:
      return uri(r);
    case 1:
      return `${path(r) || "/"}${query(r)}${fragment(r)}`;
    case 2:
      return `${chars(r, LOWER_ALNUM, 1, 8)}${path(r)}`;
    default:
      return `#${chars(r, LOWER_ALNUM, 1, 6)}`;
  }
};
const url: Draw = (r) => `https://${domain(r)}${path(r)}`;

const pointerToken = (r: Digits): string => Array.from({ length: int(r, 0, 4) }, () => pick(r, ["a", "b", "x", "0", "7", "~0", "~1", "_", " "])).join("");
const jsonPointer: Draw = (r) => Array.from({ length: int(r, 0, 4) }, () => `/${pointerToken(r)}`).join("");
const relativeJsonPointer: Draw = (r) => `${int(r, 0, 5)}${int(r, 0, 2) === 0 ? "#" : jsonPointer(r)}`;
const REGEXES = ["^[a-z]+$", "\\d{2,4}", "(foo|bar)baz", "^[A-Z]{3}-\\d+$", "a*b?c+", "^$", "[^\\s]+", "^(?:\\+\\d{1,3})?\\d{6,12}$"];
const regex: Draw = (r) => pick(r, REGEXES);
const uriTemplate: Draw = (r) => `https://${domain(r)}/items/{${chars(r, LOWER, 1, 6)}}`;
const byte: Draw = (r) => Buffer.from(Array.from({ length: int(r, 0, 18) }, () => int(r, 0, 255))).toString("base64");

/** Formats Ajv (ajv-formats full) and lite both check; anything else is treated as an annotation. */
export const FORMAT_ARBITRARIES: Readonly<Record<string, fc.Arbitrary<string>>> = {
  date: drawnText(date, "2000-01-01"),
  time: drawnText(time, "00:00:00Z"),
  "date-time": drawnText(dateTime, "2000-01-01T00:00:00Z"),
  "iso-time": drawnText(time, "00:00:00Z"),
  "iso-date-time": drawnText(dateTime, "2000-01-01T00:00:00Z"),
  duration: drawnText(duration, "P0D"),
  email: drawnText(email, "a@a.com"),
  "idn-email": drawnText(email, "a@a.com"),
  hostname: drawnText(hostname, "a"),
  "idn-hostname": drawnText(hostname, "a"),
  ipv4: drawnText(ipv4, "0.0.0.0"),
  ipv6: drawnText(ipv6, "::"),
  uuid: drawnText(uuid, "00000000-0000-4000-8000-000000000000"),
  uri: drawnText(uri, "https://a.com"),
  iri: drawnText(uri, "https://a.com"),
  url: drawnText(url, "https://a.com"),
  "uri-reference": drawnText(uriReference, "/"),
  "iri-reference": drawnText(uriReference, "/"),
  "uri-template": drawnText(uriTemplate, "https://a.com/items/{a}"),
  "json-pointer": drawnText(jsonPointer, ""),
  "relative-json-pointer": drawnText(relativeJsonPointer, "0"),
  regex: drawnText(regex, "^$"),
  byte: drawnText(byte, ""),
};

export function formatArbitrary(format: string): fc.Arbitrary<string> | undefined {
  return Object.prototype.hasOwnProperty.call(FORMAT_ARBITRARIES, format) ? FORMAT_ARBITRARIES[format] : undefined;
}
