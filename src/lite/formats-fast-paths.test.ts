// The checkers in formats.ts are written for speed (charCode scanners, one regex, captures only when
// needed). These tests hold them to plain reference implementations, the earlier and obviously
// correct versions, on the inputs where a fast path could go wrong.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FORMAT_CHECKERS } from "./formats.js";

const check = (format: string) => FORMAT_CHECKERS[format]!;

// ---- reference implementations: captures, arrays, Number() ----

const REFERENCE_IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function referenceIPv6(value: string): boolean {
  let groups = value;
  const embeddedIPv4 = /(?<=:)[^:]*\.[^:]*$/.exec(value);
  if (embeddedIPv4) {
    if (!REFERENCE_IPV4.test(embeddedIPv4[0])) return false;
    groups = value.slice(0, embeddedIPv4.index) + "0:0";
  }
  const halves = groups.split("::");
  const hexGroups = halves.flatMap((half) => (half ? half.split(":") : []));
  if (halves.length > 2 || !hexGroups.every((group) => /^[\da-f]{1,4}$/i.test(group))) return false;
  return halves.length === 2 ? hexGroups.length < 8 : hexGroups.length === 8;
}

function referenceDate(value: string): boolean {
  const match = /^(\d{4})-(\d\d)-(\d\d)$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const leapDay = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 1 : 0;
  return month >= 1 && month <= 12 && day >= 1 && day <= [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]! + leapDay;
}

function referenceTime(value: string): boolean {
  const match = /^(\d\d):(\d\d):(\d\d)(?:\.\d+)?(?:z|([+-])(\d\d):(\d\d))$/i.exec(value);
  if (!match) return false;
  const [hour, minute, second, offsetHour, offsetMinute] = [1, 2, 3, 5, 6].map((group) => +(match[group] ?? 0)) as [number, number, number, number, number];
  if (hour > 23 || minute > 59 || second > 60 || offsetHour > 23 || offsetMinute > 59) return false;
  const utcMinuteOfDay = hour * 60 + minute - (match[4] === "-" ? -1 : 1) * (offsetHour * 60 + offsetMinute);
  return second < 60 || (utcMinuteOfDay + 1440) % 1440 === 1439;
}

const referenceDateTime = (value: string) => {
  const parts = value.split(/t/i);
  return parts.length === 2 && referenceDate(parts[0]!) && referenceTime(parts[1]!);
};

// ---- generators that reach the corners ----

const pad = (n: number) => String(n).padStart(2, "0");
const octet = fc.oneof(fc.integer({ min: 0, max: 300 }).map(String), fc.constantFrom("", "00", "01"));
const ipv4ish = fc.array(octet, { minLength: 1, maxLength: 5 }).map((octets) => octets.join("."));
const ipv6ish = fc
  .tuple(fc.array(fc.oneof(fc.stringMatching(/^[\da-fA-Fg]{0,5}$/), fc.constant(":")), { maxLength: 10 }), fc.option(fc.nat()), fc.option(ipv4ish))
  .map(([groups, gap, tail]) => {
    const parts = tail === null ? groups : [...groups, tail];
    if (gap === null) return parts.join(":");
    const at = gap % (parts.length + 1);
    return `${parts.slice(0, at).join(":")}::${parts.slice(at).join(":")}`;
  });
const dates = fc
  .tuple(fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }).map((century) => century * 100)), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
  .map(([y, m, d]) => `${String(y).padStart(4, "0")}-${pad(m)}-${pad(d)}`);
const offsets = fc.oneof(fc.constantFrom("Z", "z", "", "+01", "+0100"), fc.tuple(fc.constantFrom("+", "-"), fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 })).map(([s, h, m]) => `${s}${pad(h)}:${pad(m)}`));
// Seconds 60 with any hour, minute and offset: the leap-second arithmetic.
const times = fc
  .tuple(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.oneof(fc.constant(60), fc.integer({ min: 0, max: 61 })), fc.constantFrom("", ".5"), offsets)
  .map(([h, m, s, fraction, offset]) => `${pad(h)}:${pad(m)}:${pad(s)}${fraction}${offset}`);

describe("fast paths give the reference verdicts", () => {
  const cases: Array<[format: string, reference: (value: string) => boolean, values: fc.Arbitrary<string>]> = [
    ["ipv6", referenceIPv6, fc.oneof(ipv6ish, fc.stringMatching(/^[:.\da-fA-F]{0,24}$/))],
    ["date", referenceDate, dates],
    ["time", referenceTime, times],
    ["date-time", referenceDateTime, fc.tuple(dates, fc.constantFrom("T", "t", " ", "tt"), times).map((parts) => parts.join(""))],
  ];
  it.each(cases)("%s", (format, reference, values) => {
    fc.assert(
      fc.property(values, (value) => check(format)(value) === reference(value)),
      { numRuns: 20_000 },
    );
  });
});

describe("edge cases of the scanners and of captures taken only when needed", () => {
  const cases: Array<[format: string, value: string, valid: boolean]> = [
    ["ipv6", "", false],
    ["ipv6", ":", false],
    ["ipv6", "1:", false], // a single colon may not end the address
    ["ipv6", ":1::", false], // nor start it
    ["ipv6", "1:::2", false],
    ["ipv6", "::1:2:3:4:5:6:7", true],
    ["ipv6", "::1:2:3:4:5:6:7:8", false], // "::" stands for at least one group
    ["ipv6", "::1.2.3.4", true],
    ["ipv6", ":::1.2.3.4", false],
    ["ipv6", "1.2.3.4", false], // an IPv4 tail follows a colon
    ["ipv6", "1:2:3:4:5:6:1.2.3.4", true],
    ["ipv6", "1:2:3:4:5:6:7:1.2.3.4", false], // nine groups
    ["ipv6", "1.2::3", false], // a dot before the last colon
    ["ipv6", "::ffff:1.2.3.4:1", false],
    ["ipv6", "::12345", false],
    ["email", 'a@[IPv6:::1]', true],
    ["email", 'a@[ipv6:::1]', true], // the prefix is matched case-insensitively, as before
    ["email", 'a@[IPv6:1.2.3.4]', false],
    ["email", '"[x]"@[IPv6:::1]', true], // brackets in a quoted local part do not open the literal
    ["email", 'a@[IPv6:x[::1]', false],
    ["email", 'a@[x[1.2.3.4]', false],
    ["uri", "http://[::1]:80/a", true],
    ["uri", "http://[::1][::2]/", false],
    ["uri", "http://[[::1]]/", false],
    ["uri", "http://[::1]/?[", false], // "[" outside the IP-literal
    ["uri-reference", "//[v1.x]/", true],
    ["uri-reference", "a:b/c", true], // read as a URI
    ["uri-reference", "a/b:c", true], // the colon is after the first "/"
    ["uri", "a:", true],
    ["uri", "a://", true], // empty authority
    ["uri", "a:///b", true],
    ["uri", "a://b//c", true],
    ["uri", "a:/b//c", true],
    ["uri-reference", "/b//c", true],
    ["date", "1900-02-29", false],
    ["date", "2000-02-29", true],
    ["date", "2024-04-31", false],
    ["date", "2024-00-10", false],
    ["time", "00:29:60+00:30", true], // 23:59:60 UTC
    ["time", "15:59:60-08:00", true],
    ["time", "23:59:60+01:00", false],
    ["date-time", "2024-01-01T12:00:00+24:00", false],
    ["duration", "P1Y2M", true],
    ["duration", "PT1M", true],
    ["duration", "P1DT", false],
    ["duration", "P1W2D", false],
    ["duration", "PT1H2S", false],
    ["hostname", "a--b.com", true], // "--" sends it down the A-label path, where only "xn--" is checked
    ["hostname", "xn--bcher-kva.xn--bcher-kva", true],
    ["hostname", "bücher.de", false], // non-ASCII never reaches the A-label path
  ];
  it.each(cases)("%s %j is %s", (format, value, valid) => {
    expect(check(format)(value)).toBe(valid);
  });
});
