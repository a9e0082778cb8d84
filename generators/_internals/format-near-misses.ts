// Strings that look like a format but are not (per RFC and the official suite), and a few that
// judges disagree on: those carry expectedValid null.

export interface FormatNearMiss {
  readonly text: string;
  readonly expectedValid: false | null;
  readonly why: string;
}

const miss = (text: string, why: string): FormatNearMiss => ({ text, expectedValid: false, why });
const disputed = (text: string, why: string): FormatNearMiss => ({ text, expectedValid: null, why });

export const FORMAT_NEAR_MISSES: Readonly<Record<string, readonly FormatNearMiss[]>> = {
  date: [miss("2024-02-30", "February 30"), miss("2023-02-29", "February 29 in a common year"), miss("2024-13-01", "month 13"), miss("2024-1-05", "one-digit month"), miss("2024/01/05", "slashes")],
  time: [miss("24:00:00Z", "hour 24"), miss("12:00:00", "no offset"), miss("12:60:00Z", "minute 60"), miss("1:00:00Z", "one-digit hour")],
  "date-time": [miss("2024-02-30T10:00:00Z", "February 30"), miss("2024-01-01T10:00:00", "no offset"), miss("2024-01-01T24:00:00Z", "hour 24"), disputed("2024-01-01 10:00:00Z", "space separator: RFC 3339 allows it as a note, ajv accepts, lite rejects")],
  duration: [
    miss("P", "no component"),
    miss("PT", "T without a time component"),
    miss("P1D2H", "time component without T"),
    miss("1D", "no P"),
    disputed("PT1H1S", "hours then seconds: RFC 3339 appendix A wants minutes between, ajv-formats accepts it"),
  ],
  email: [disputed("jx@X", "dotless domain: RFC 5321 allows it, ajv-formats full rejects"), miss("jx@@x.com", "two @"), miss("jx.@x.com", "dot before @"), miss("@x.com", "empty local part")],
  hostname: [miss("-bad.example", "label starts with a hyphen"), miss(`${"a".repeat(64)}.example`, "label over 63 characters"), miss("bad_host.example", "underscore")],
  ipv4: [miss("256.1.1.1", "octet over 255"), miss("1.2.3", "three octets"), miss("01.2.3.4", "leading zero")],
  ipv6: [miss("1:2:3:4:5:6:7:8:9", "nine groups"), miss("::1::", "two ::"), miss("12345::", "group over four digits")],
  uuid: [disputed("2eb8aa08-aa98-11ea-c8e3-bf8a1ee5f4e5", "variant bits 110 (reserved): the suite accepts any version and variant"), miss("2eb8aa08aa9811eab4aa73b441d16380", "no dashes"), miss("2eb8aa08-aa98-11ea-b4aa-73b441d1638g", "not hex")],
  uri: [miss("//example.com/no-scheme", "no scheme"), miss("http://exa mple.com", "space"), miss("example.com", "no scheme, no slash")],
  "uri-reference": [miss("\\\\WINDOWS\\share", "backslashes"), miss("http://exa mple.com", "space")],
  "json-pointer": [miss("a/b", "no leading slash"), miss("/a~2", "bad escape")],
  regex: [miss("[", "unclosed class"), miss("(?<n>a)(?<n>b)", "duplicate group name")],
};

export function formatNearMisses(format: string): readonly FormatNearMiss[] {
  return Object.prototype.hasOwnProperty.call(FORMAT_NEAR_MISSES, format) ? FORMAT_NEAR_MISSES[format]! : [];
}
