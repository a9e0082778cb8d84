// idn-hostname (RFC 5890-5893) and idn-email (RFC 6531): hostnames whose labels may be Unicode.
// Each label is an LDH label, an A-label ("xn--", checked by formats.ts) or a U-label (RFC 5892's
// code point rules in formats.ts); its A-label form is at most 63 octets and the whole name 253.
// A name with a right-to-left label must satisfy RFC 5893's Bidi rule in every label. JavaScript
// exposes no Bidi_Class, so classes are approximated: R/AL are letters of right-to-left scripts,
// AN the Arabic-Indic digits, EN the European digits and their variants, NSM the non-spacing and
// enclosing marks, L other letters, digits and spacing marks; anything else is a neutral.
import { decodePunycode, isALabel, isULabel } from "./formats.js";

const LABEL_SEPARATORS = /[.\u3002\uFF0E\uFF61]/;
const LDH_LABEL = /^[a-z\d](?:[a-z\d-]*[a-z\d])?$/i;
const ASCII = /^[\0-\x7F]*$/;

const RTL_LETTER = /[\p{sc=Hebrew}\p{sc=Arabic}\p{sc=Syriac}\p{sc=Thaana}\p{sc=Nko}\p{sc=Samaritan}\p{sc=Mandaic}\p{sc=Adlam}\p{sc=Hanifi_Rohingya}\p{sc=Mende_Kikakui}\p{sc=Yezidi}]/u;
const ARABIC_NUMBER = /[\u0600-\u0605\u0660-\u0669\u066B\u066C\u06DD\u0890\u0891\u08E2\u{10D30}-\u{10D39}\u{10E60}-\u{10E7E}]/u;
const EUROPEAN_NUMBER = /[0-9\u00B2\u00B3\u00B9\u06F0-\u06F9\u2070\u2074-\u2079\u2080-\u2089\u2488-\u249B\uFF10-\uFF19\u{1D7CE}-\u{1D7FF}]/u;
const NON_SPACING = /[\p{Mn}\p{Me}]/u;
const LEFT_TO_RIGHT = /[\p{L}\p{Nd}\p{Mc}\p{Nl}\p{No}]/u;

type BidiClass = "R" | "AN" | "EN" | "NSM" | "L" | "neutral";

function bidiClass(codePoint: string): BidiClass {
  if (NON_SPACING.test(codePoint)) return "NSM";
  if (ARABIC_NUMBER.test(codePoint)) return "AN";
  if (EUROPEAN_NUMBER.test(codePoint)) return "EN";
  if (RTL_LETTER.test(codePoint)) return "R";
  return LEFT_TO_RIGHT.test(codePoint) ? "L" : "neutral";
}

/** RFC 5893 section 2, rules 1-6, on one label of a name that has a right-to-left label. */
function satisfiesBidiRule(label: string): boolean {
  const classes = [...label].map(bidiClass);
  const first = classes[0];
  const last = classes.filter((c) => c !== "NSM").pop();
  if (first === "R") {
    if (classes.includes("L") || (classes.includes("EN") && classes.includes("AN"))) return false;
    return last === "R" || last === "EN" || last === "AN";
  }
  if (first !== "L" || classes.includes("R") || classes.includes("AN")) return false;
  return last === "L" || last === "EN";
}

const isRightToLeft = (label: string) => [...label].some((codePoint) => bidiClass(codePoint) === "R" || bidiClass(codePoint) === "AN");

// Punycode (RFC 3492) encoding, for the A-label's length only.
function adaptBias(delta: number, points: number, first: boolean): number {
  delta = Math.floor(delta / (first ? 700 : 2));
  delta += Math.floor(delta / points);
  let k = 0;
  for (; delta > 455; k += 36) delta = Math.floor(delta / 35);
  return k + Math.floor((36 * delta) / (delta + 38));
}

export function punycodeLength(label: string): number {
  const codePoints = [...label].map((c) => c.codePointAt(0)!);
  const basic = codePoints.filter((c) => c < 128).length;
  let length = basic > 0 ? basic + 1 : 0;
  let handled = basic;
  for (let n = 128, delta = 0, bias = 72; handled < codePoints.length; delta++, n++) {
    const next = Math.min(...codePoints.filter((c) => c >= n));
    delta += (next - n) * (handled + 1);
    n = next;
    for (const c of codePoints) {
      if (c < n) delta++;
      if (c !== n) continue;
      let q = delta;
      for (let k = 36; ; k += 36) {
        const threshold = Math.min(Math.max(k - bias, 1), 26);
        if (q < threshold) break;
        length++;
        q = Math.floor((q - threshold) / (36 - threshold));
      }
      length++;
      bias = adaptBias(delta, handled + 1, handled === basic);
      delta = 0;
      handled++;
    }
  }
  return length;
}

/** The label's Unicode form if it is a valid LDH, A- or U-label, with its A-label length; else undefined. */
function readLabel(label: string): [unicode: string, octets: number] | undefined {
  if (ASCII.test(label)) {
    if (!LDH_LABEL.test(label)) return undefined;
    if (!/^xn--/i.test(label)) return [label, label.length];
    return isALabel(label) ? [decodePunycode(label.slice(4).toLowerCase())!, label.length] : undefined;
  }
  return isULabel(label) ? [label, 4 + punycodeLength(label)] : undefined;
}

export function isIdnHostname(value: string): boolean {
  const labels: string[] = [];
  let octets = -1;
  for (const label of value.split(LABEL_SEPARATORS)) {
    const read = readLabel(label);
    if (read === undefined || read[1] > 63) return false;
    labels.push(read[0]);
    octets += read[1] + 1;
  }
  return octets <= 253 && (!labels.some(isRightToLeft) || labels.every(satisfiesBidiRule));
}

// RFC 6531: the local part is RFC 5321's with any non-ASCII character allowed (quoted or not), at most 64 octets.
const LOCAL_PART = /^(?:[\w!#$%&'*+/=?^`{|}~\u0080-\u{10FFFF}-]+(?:\.[\w!#$%&'*+/=?^`{|}~\u0080-\u{10FFFF}-]+)*|"(?:[ !#-[\]-~\u0080-\u{10FFFF}]|\\[ -~])*")$/u;
const ADDRESS_LITERAL = /^\[[^[\]]*\]$/;

export function isIdnEmail(value: string): boolean {
  const at = value.lastIndexOf("@");
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!LOCAL_PART.test(local) || new TextEncoder().encode(local).length > 64) return false;
  // RFC 6531 compares domains after normalisation: a decomposed "café" names the same host.
  return ADDRESS_LITERAL.test(domain) ? false : isIdnHostname(domain.normalize("NFC"));
}

export const IDN_FORMATS: Readonly<Record<string, (value: string) => boolean>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, (value: string) => boolean>, { "idn-hostname": isIdnHostname, "idn-email": isIdnEmail }),
);
