#!/usr/bin/env node
// Hostile loopback cases against a built schemalab tree: time, peak RSS and outcome of each, for the
// before/after table of issue 25. Usage: node scripts/hostile-measure.mjs ROOT [case...]
// ROOT is a checkout with dist/ built (the current tree, or a worktree of main). Each case is capped
// (60 s, and the servers stop sending after a byte budget) so a "before" run that would take gigabytes
// is cut and reported as cut. Loopback only.
import { execSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, existsSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";

const root = resolve(process.argv[2] ?? ".");
const only = process.argv.slice(3);
const CAP_S = 60;
const KEY = "sk-test-Abc123XyZ987Qwe3456";
const work = mkdtempSync(join(tmpdir(), "hostile-measure-"));

function serve(handler) {
  const server = createServer((req, res) => {
    res.on("error", () => {});
    const chunks = [];
    req.on("data", (c) => chunks.push(c)).on("end", () => handler(req, res, Buffer.concat(chunks).toString()));
  });
  return new Promise((ok) => server.listen(0, "127.0.0.1", () => ok({ server, url: `http://127.0.0.1:${server.address().port}`, hits: 0 })));
}

const completion = (content) => JSON.stringify({ id: "c", object: "chat.completion", model: "m", choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } });

function endless(res, chunk, budget) {
  let sent = 0;
  const pump = () => {
    while (!res.destroyed && sent < budget) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once("drain", pump);
    }
    res.end();
  };
  pump();
}

/** Runs the CLI under /usr/bin/time; returns seconds, peak RSS (MB), exit code, stdout/stderr tails. */
function cli(args, { env = {}, signalAfterMs, capS = CAP_S } = {}) {
  return new Promise((ok) => {
    const started = Date.now();
    const child = spawn("/usr/bin/time", ["-f", "RSSKB=%M", "timeout", "-s", "KILL", String(capS), "node", join(root, "bin/schemalab.js"), ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => (out = (out + d).slice(-200_000)));
    child.stderr.on("data", (d) => (err = (err + d).slice(-200_000)));
    // `timeout` passes the signal it gets on to the CLI it runs (time -> timeout -> node).
    if (signalAfterMs) setTimeout(() => { try { process.kill(Number(execSync(`pgrep -P ${child.pid}`).toString().trim().split("\n")[0]), "SIGTERM"); } catch {} }, signalAfterMs);
    // Sampled too: a CLI that `timeout` kills is not in time's account.
    let sampledKb = 0;
    const sampler = setInterval(() => {
      try {
        const timeoutPid = execSync(`pgrep -P ${child.pid}`).toString().trim().split("\n")[0];
        const nodePid = execSync(`pgrep -P ${timeoutPid}`).toString().trim().split("\n")[0];
        const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${nodePid}/status`, "utf8"))?.[1] ?? 0);
        sampledKb = Math.max(sampledKb, kb);
      } catch {}
    }, 500);
    child.on("exit", (code) => {
      clearInterval(sampler);
      const measured = /RSSKB=(\d+)/.exec(err);
      const rss = [0, String(Math.max(Number(measured?.[1] ?? 0), sampledKb))];
      const seconds = (Date.now() - started) / 1000;
      ok({ seconds, rssMb: rss ? Math.round(Number(rss[1]) / 1024) : null, code: code === 137 || seconds >= capS ? `cut at ${capS} s` : code, out, err: err.replace(/RSSKB=\d+\n?/, "") });
    });
  });
}

const probeArgs = (url, extra = []) => ["probe", "--provider", "openai-compatible", "--base-url", `${url}/v1`, "--model", "m", "--mode", "chat.response_format.strict", "--features", "type:string", "--format", "json", ...extra];

function lastLine(text) {
  const lines = text.trim().split("\n").filter((l) => !/^\s+at |^Command exited/.test(l));
  return (lines.find((l) => /RangeError|heap out of memory|Error:|INCOMPLETE|error type:string/.test(l)) ?? lines[lines.length - 1] ?? "").slice(0, 160);
}

function outcome(r, outFile) {
  const matrix = outFile && existsSync(outFile) ? "matrix written" : "no matrix";
  let cell = "";
  try {
    const section = JSON.parse(r.out);
    const c = section.modes[0].features["type:string"];
    cell = `cell ${c.status}: ${String(c.evidence.summary).slice(0, 90)}`;
  } catch {
    cell = lastLine(r.err);
  }
  return `exit ${r.code}; ${matrix}; ${cell}`;
}

const CASES = {
  async "endless body"() {
    const s = await serve((_q, res) => { res.writeHead(200, { "content-type": "application/json" }); endless(res, "x".repeat(1 << 16), 1.5 * 1024 ** 3); });
    const out = join(work, "endless.json");
    const r = await cli(probeArgs(s.url, ["--out", out]));
    s.server.close(); s.server.closeAllConnections();
    return { ...r, outcome: outcome(r, out) };
  },
  async "gzip bomb (2 MB -> 2 GiB)"() {
    const bomb = gzipSync(Buffer.alloc(256 * 1024 * 1024, 0x20));
    const s = await serve((_q, res) => { res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" }); for (let i = 0; i < 8 && !res.destroyed; i++) res.write(bomb); res.end(); });
    const out = join(work, "bomb.json");
    const r = await cli(probeArgs(s.url, ["--out", out]));
    s.server.close(); s.server.closeAllConnections();
    return { ...r, outcome: outcome(r, out) };
  },
  async "value nested 100k deep"() {
    const s = await serve((_q, res) => res.end(completion("[".repeat(100_000) + "]".repeat(100_000))));
    const out = join(work, "deep.json");
    const r = await cli(probeArgs(s.url, ["--out", out]));
    s.server.close();
    return { ...r, outcome: `${outcome(r, out)}; stdout ${r.out.length} chars` };
  },
  async "307 to another host"() {
    const other = await serve((_q, res) => { other.hits += 1; res.end(completion('"x"')); });
    const s = await serve((_q, res) => { res.writeHead(307, { location: `${other.url}/v1/chat/completions` }); res.end(); });
    const out = join(work, "redirect.json");
    const r = await cli(probeArgs(s.url, ["--out", out]));
    s.server.close(); other.server.close();
    return { ...r, outcome: `${outcome(r, out)}; other host got ${other.hits} bodies` };
  },
  async "slowloris (1 byte / 200 ms)"() {
    const s = await serve((_q, res) => { res.writeHead(200); const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write(" ")), 200); res.on("close", () => clearInterval(t)); });
    const out = join(work, "slow.json");
    const after = existsSync(join(root, "src/probe/judge-bounds.ts"));
    const r = await cli(probeArgs(s.url, ["--out", out, "--features", "minLength", "--features", "maxLength", ...(after ? ["--deadline", "5000"] : [])]));
    s.server.close(); s.server.closeAllConnections();
    return { ...r, outcome: outcome(r, out) + (after ? " (--deadline 5000)" : " (no --deadline flag)") };
  },
  async "SIGTERM mid-probe"() {
    const s = await serve(() => {});
    const out = join(work, "sigterm.json");
    const r = await cli(probeArgs(s.url, ["--out", out]), { signalAfterMs: 3000 });
    s.server.close(); s.server.closeAllConnections();
    return { ...r, outcome: `${outcome(r, out)}${/INCOMPLETE|stopping/.test(r.err + r.out) ? "; marked incomplete" : ""}` };
  },
  async "key echoes (split, \\u, masks, upper, cut)"() {
    const escaped = [...KEY].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
    const forms = [KEY, KEY.toUpperCase(), KEY.slice(0, -1), "sk-tes...3456", "sk-txxxxxxxxxxxx3456"];
    const s = await serve((_q, res) => {
      const body = `{"error":{"message":"bad key ${forms.join(" / ")} ${escaped}","type":"invalid_request_error"}}`;
      res.writeHead(400, { "content-type": "application/json" });
      const half = body.indexOf(KEY) + 10;
      res.write(body.slice(0, half));
      setTimeout(() => res.end(body.slice(half)), 20);
    });
    const dir = join(work, "cassettes");
    const out = join(work, "keys.json");
    const r = await cli(probeArgs(s.url, ["--out", out, "--record", dir]), { env: { SCHEMALAB_API_KEY: KEY } });
    s.server.close();
    const texts = [r.out, r.err, existsSync(out) ? readFileSync(out, "utf8") : "", ...(existsSync(dir) ? readdirSync(dir).map((n) => readFileSync(join(dir, n), "utf8")) : [])];
    const leaks = texts.map((t) => t.replace(/\\+u([0-9a-f]{4})/gi, (_a, h) => String.fromCharCode(parseInt(h, 16))).replace(/"\s*,\s*"/g, "")).filter((t) => forms.some((f) => t.includes(f)) || t.toLowerCase().includes(KEY.slice(3, 15).toLowerCase())).length;
    return { ...r, outcome: `exit ${r.code}; ${leaks} of ${texts.length} written texts hold a key form` };
  },
  async "scrub 200 KB string with a key (micro-measure)"() {
    const file = join(work, "scrub.mjs");
    writeFileSync(file, `import { redactSecret } from ${JSON.stringify(join(root, "dist/src/probe/redact-secret.js"))};
const text = JSON.stringify({ v: "a".repeat(200_000) + " sk-tes...3456" });
const t = performance.now(); redactSecret(text, ${JSON.stringify(KEY)}, {}); console.log((performance.now() - t).toFixed(1) + " ms");`);
    const r = await new Promise((ok) => {
      const started = Date.now();
      const c = spawn("/usr/bin/time", ["-f", "RSSKB=%M", "timeout", "-s", "KILL", "30", "node", file], { stdio: ["ignore", "pipe", "pipe"] });
      let o = ""; let e = "";
      c.stdout.on("data", (d) => (o += d)); c.stderr.on("data", (d) => (e += d));
      c.on("exit", (code) => ok({ seconds: (Date.now() - started) / 1000, rssMb: Math.round(Number(/RSSKB=(\d+)/.exec(e)?.[1] ?? 0) / 1024), code: code === 137 ? "cut at 30 s" : code, out: o }));
    });
    return { ...r, outcome: r.code === 0 ? `scrub took ${r.out.trim()}` : `exit ${r.code}` };
  },
  async "replay: a cassette is a directory"() {
    const dir = join(work, "replay"); mkdirSync(join(dir, "x-1.json"), { recursive: true });
    const r = await cli(["probe", "--provider", "openai", "--replay", dir]);
    return { ...r, outcome: `exit ${r.code}; ${r.err.includes("    at ") ? "stack trace" : "no stack"}: ${lastLine(r.err)}` };
  },
  async "dispatch: promise never resolves"() {
    const file = join(work, "hang.mjs"); writeFileSync(file, "export default { name: 'hang', dispatch: () => new Promise(() => {}) };\n");
    const r = await cli(["dispatch", "--dispatcher", file, "--timeout", "200"], { capS: 30 });
    return { ...r, outcome: `exit ${r.code}; ${/BROKEN/.test(r.err) ? "BROKEN reported" : ""}` };
  },
  async "emulate: {\"$ref\":\"#\"} and ?key= in --log"() {
    const log = join(work, "emu.log");
    const child = spawn("node", [join(root, "bin/schemalab.js"), "emulate", "--provider", "google", "--format", "json", "--log", log], { stdio: ["ignore", "pipe", "pipe"] });
    const line = await new Promise((ok) => child.stdout.once("data", (d) => ok(String(d))));
    const origin = new URL(JSON.parse(line).urls.google.sdk).origin;
    const body = JSON.stringify({ contents: [{ role: "user", parts: [{ text: "{}" }] }], generationConfig: { responseMimeType: "application/json", responseJsonSchema: { $ref: "#" } } });
    const started = Date.now();
    const res = await fetch(`${origin}/v1beta/models/gemini-2.5-flash:generateContent?key=AIzaSyLeakLeakLeak000`, { method: "POST", headers: { "content-type": "application/json" }, body });
    const text = await res.text();
    child.kill("SIGTERM");
    await new Promise((ok) => child.once("exit", ok));
    const logText = existsSync(log) ? readFileSync(log, "utf8") : "";
    return { seconds: (Date.now() - started) / 1000, rssMb: null, code: res.status, outcome: `HTTP ${res.status}${/\n\s+at |\/work\//.test(text) ? " with a stack trace/path" : ""}; log ${logText.includes("AIzaSyLeak") ? "holds ?key= in clear" : "has no key"}` };
  },
};

const rows = [];
for (const [name, run] of Object.entries(CASES)) {
  if (only.length > 0 && !only.some((o) => name.includes(o))) continue;
  const r = await run();
  rows.push({ case: name, seconds: Number(r.seconds.toFixed(1)), peakRssMb: r.rssMb, outcome: r.outcome });
  process.stderr.write(`${name}: ${r.seconds.toFixed(1)} s, ${r.rssMb} MB, ${r.outcome}\n`);
}
process.stdout.write(`${JSON.stringify({ root, rows }, null, 2)}\n`);
process.exit(0);
