// launchEmulators (the package's startEmulator): providers chosen by list, profiles placed by the
// provider they name, faults from the grammar counted per server, one record per request.
import { describe, expect, test } from "vitest";
import { launchEmulators, type EmulatorLogRecord } from "./emulator-launch.js";
import { ProfileError } from "../profiles/load-profiles.js";
import { readDefaultProfile } from "./schema-rules/emulator-profile-policy.js";

const chat = (url: string) =>
  fetch(`${url}/chat/completions`, { method: "POST", headers: { authorization: "Bearer k", "content-type": "application/json" }, body: JSON.stringify({ model: "m", messages: [{ role: "user", content: "hi" }] }) });

describe("launchEmulators", () => {
  test("a list starts those providers; faults count per server; records number every request", async () => {
    const records: EmulatorLogRecord[] = [];
    const emulators = await launchEmulators({ provider: ["openai", "openai-compatible"], faults: ["500@2"], onRequest: (record) => records.push(record) });
    try {
      expect(Object.keys(emulators.urls)).toEqual(["openai", "openai-compatible"]);
      const statuses = [];
      for (const url of [emulators.urls.openai!.sdk, emulators.urls.openai!.sdk, emulators.urls["openai-compatible"]!.sdk, emulators.urls["openai-compatible"]!.sdk]) statuses.push((await chat(url)).status);
      expect(statuses).toEqual([200, 500, 200, 500]);
      expect(records.map((record) => [record.seq, record.provider, record.status])).toEqual([
        [1, "openai", 200],
        [2, "openai", 500],
        [3, "openai-compatible", 200],
        [4, "openai-compatible", 500],
      ]);
      expect(emulators.requests.openai).toHaveLength(2);
    } finally {
      await emulators.close();
    }
  });

  test("a fault naming a provider fires on that provider's server only", async () => {
    const emulators = await launchEmulators({ provider: ["openai", "openai-compatible"], faults: ["openai-compatible/503@1"] });
    try {
      expect((await chat(emulators.urls.openai!.sdk)).status).toBe(200);
      expect((await chat(emulators.urls["openai-compatible"]!.sdk)).status).toBe(503);
    } finally {
      await emulators.close();
    }
    await expect(launchEmulators({ provider: "openai", faults: ["google/429"] })).rejects.toThrow(/not among the emulated providers/);
    await expect(launchEmulators({ provider: "openai", faults: ["acme/429"] })).rejects.toThrow(/'acme' is not one of/);
  });

  test("a profile object for another provider than those started is refused, naming it", async () => {
    await expect(launchEmulators({ provider: "openai", profiles: [readDefaultProfile("anthropic")] })).rejects.toThrow(ProfileError);
  });

  test("a port in use is a rejection with the bind error's code", async () => {
    const first = await launchEmulators({ provider: "google" });
    try {
      const port = Number(new URL(first.urls.google!.sdk).port);
      await expect(launchEmulators({ provider: "google", port })).rejects.toMatchObject({ code: "EADDRINUSE" });
    } finally {
      await first.close();
    }
  });
});
