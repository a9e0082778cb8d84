// Keys never reach a file or a log: every text the probe writes passes through this scrub, which
// replaces the key, as is and as it reads inside a JSON string, with <redacted>.
export function redactSecret(text: string, secret: string | undefined): string {
  if (secret === undefined || secret.length < 4) return text;
  let out = text.split(secret).join("<redacted>");
  const json = JSON.stringify(secret).slice(1, -1);
  if (json !== secret) out = out.split(json).join("<redacted>");
  return out;
}
