// AWS Signature Version 4 for one JSON POST, with node:crypto only (no SDK at runtime): the canonical
// request, the string to sign and the derived key, as AWS's "Create a signed AWS API request" page
// lays them out. Bedrock Runtime signs as service `bedrock`. The signature, the access key id and the
// session token travel only in headers the wire layer redacts (Authorization, X-Amz-Security-Token).
import { createHash, createHmac } from "node:crypto";

export interface AwsCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

export interface SignInput {
  readonly method: string;
  readonly url: string;
  /** The exact bytes sent: a signature covers the body's hash. */
  readonly body: string;
  /** Headers to sign besides host, x-amz-date, x-amz-content-sha256 and x-amz-security-token. */
  readonly headers: Readonly<Record<string, string>>;
  readonly region: string;
  readonly service: string;
  readonly credentials: AwsCredentials;
  /** The signing time (the caller's clock: a signature is for one moment, never part of a verdict). */
  readonly now: Date;
}

const ALGORITHM = "AWS4-HMAC-SHA256";

function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

function hmac(key: string | Buffer, text: string): Buffer {
  return createHmac("sha256", key).update(text, "utf8").digest();
}

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters, `*` included. */
function uriEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Each path segment as it travels, encoded once more (every service but S3 double-encodes). */
function canonicalPath(pathname: string): string {
  if (pathname === "") return "/";
  return pathname.split("/").map((segment) => uriEncode(segment)).join("/");
}

function canonicalQuery(search: URLSearchParams): string {
  return [...search.entries()]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/** `20260102T030405Z` and `20260102`. */
export function amzDate(now: Date): { stamp: string; day: string } {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  return { stamp, day: stamp.slice(0, 8) };
}

/** The headers to add to the request: x-amz-date, x-amz-content-sha256, the token if any, and Authorization. */
export function signAwsRequest(input: SignInput): Record<string, string> {
  const url = new URL(input.url);
  const { stamp, day } = amzDate(input.now);
  const payloadHash = sha256Hex(input.body);
  const added: Record<string, string> = { "x-amz-date": stamp, "x-amz-content-sha256": payloadHash };
  if (input.credentials.sessionToken !== undefined && input.credentials.sessionToken !== "") added["x-amz-security-token"] = input.credentials.sessionToken;
  const toSign = new Map<string, string>();
  for (const [name, value] of Object.entries({ ...input.headers, ...added, host: url.host })) {
    toSign.set(name.toLowerCase(), value.trim().replace(/\s+/g, " "));
  }
  const names = [...toSign.keys()].sort();
  const canonicalHeaders = names.map((name) => `${name}:${toSign.get(name)}\n`).join("");
  const signedHeaders = names.join(";");
  const canonicalRequest = [input.method.toUpperCase(), canonicalPath(url.pathname), canonicalQuery(url.searchParams), canonicalHeaders, signedHeaders, payloadHash].join("\n");
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = [ALGORITHM, stamp, scope, sha256Hex(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${input.credentials.secretAccessKey}`, day), input.region), input.service), "aws4_request");
  const signature = createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
  return { ...added, authorization: `${ALGORITHM} Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}` };
}

/** The parts of a SigV4 Authorization header, or null when it is not one (the emulator's check). */
export function readSigV4Authorization(header: string): { accessKeyId: string; day: string; region: string; service: string; signedHeaders: string[] } | null {
  const match = /^AWS4-HMAC-SHA256 Credential=([^/\s]+)\/(\d{8})\/([a-z0-9-]+)\/([a-z0-9-]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=[0-9a-f]{64}$/.exec(header.trim());
  if (match === null) return null;
  return { accessKeyId: match[1]!, day: match[2]!, region: match[3]!, service: match[4]!, signedHeaders: match[5]!.split(";") };
}
