// The SigV4 signer against the AWS SDK's own (@smithy/signature-v4, what @aws-sdk/client-bedrock-runtime
// signs with) over random paths, bodies, regions, times and credentials: the same Authorization, byte for byte.
import { createHash, createHmac } from "node:crypto";
import { SignatureV4 } from "@smithy/signature-v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSigV4Authorization, signAwsRequest } from "./sign-aws-sigv4.js";

function bytes(data: string | ArrayBuffer | ArrayBufferView): string | Uint8Array {
  if (typeof data === "string") return data;
  return data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** The Hash interface smithy takes, over node:crypto (HMAC when given a secret). */
class NodeSha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash("sha256") : createHmac("sha256", bytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

const credentialsArb = fc.record({
  accessKeyId: fc.stringMatching(/^AKIA[A-Z0-9]{16}$/),
  secretAccessKey: fc.stringMatching(/^[A-Za-z0-9/+]{40}$/),
  sessionToken: fc.option(fc.stringMatching(/^[A-Za-z0-9/+=]{20,60}$/), { nil: undefined }),
});

async function smithyAuthorization(input: { url: string; body: string; region: string; now: Date; credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } }): Promise<string> {
  const url = new URL(input.url);
  const signer = new SignatureV4({ service: "bedrock", region: input.region, credentials: input.credentials, sha256: NodeSha256, applyChecksum: true });
  const signed = await signer.sign(
    { method: "POST", protocol: url.protocol, hostname: url.hostname, path: url.pathname, query: {}, headers: { host: url.host, "content-type": "application/json", accept: "application/json" }, body: input.body },
    { signingDate: input.now },
  );
  return signed.headers.authorization!;
}

describe("signAwsRequest", () => {
  it("gives the Authorization the AWS SDK's signer gives (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("us-east-1", "eu-west-3", "ap-northeast-1"),
        fc.constantFrom("anthropic.claude-sonnet-4-5-20250929-v1:0", "us.anthropic.claude-haiku-4-5-20251001-v1:0", "arn:aws:bedrock:us-east-1:123456789012:inference-profile/x y"),
        fc.constantFrom("converse", "invoke"),
        fc.json(),
        fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-01-01T00:00:00Z"), noInvalidDate: true }),
        credentialsArb,
        async (region, model, operation, body, when, credentials) => {
          const now = new Date(Math.floor(when.getTime() / 1000) * 1000);
          const url = `https://bedrock-runtime.${region}.amazonaws.com/model/${encodeURIComponent(model)}/${operation}`;
          const ours = signAwsRequest({ method: "POST", url, body, headers: { "content-type": "application/json", accept: "application/json" }, region, service: "bedrock", credentials, now });
          expect(ours.authorization).toBe(await smithyAuthorization({ url, body, region, now, credentials }));
          expect(readSigV4Authorization(ours.authorization!)).toMatchObject({ accessKeyId: credentials.accessKeyId, region, service: "bedrock" });
          expect(ours["x-amz-security-token"]).toBe(credentials.sessionToken);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("changes the signature when one byte of the body changes", () => {
    const base = { method: "POST", url: "https://bedrock-runtime.us-east-1.amazonaws.com/model/m/converse", headers: {}, region: "us-east-1", service: "bedrock", now: new Date("2026-12-02T00:00:00Z"), credentials: { accessKeyId: "AKIAEXAMPLEEXAMPLE00", secretAccessKey: "x".repeat(40) } };
    expect(signAwsRequest({ ...base, body: '{"a":1}' }).authorization).not.toBe(signAwsRequest({ ...base, body: '{"a":2}' }).authorization);
  });

  it("reads no SigV4 parts from what is not a SigV4 header", () => {
    for (const header of ["Bearer abc", "AWS4-HMAC-SHA256 Credential=AKIA/20261202/us-east-1/bedrock/aws4_request", ""]) expect(readSigV4Authorization(header)).toBeNull();
  });
});
