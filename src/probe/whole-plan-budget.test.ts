// `run` probes each emulator with the whole plan's budget: no cell may end in error for a spent budget.
import { describe, expect, it } from "vitest";
import { planProbe } from "./probe-plan.js";
import { DEFAULT_MODELS, probeEmulator, wholePlanBudget } from "./probe-emulator.js";

describe("wholePlanBudget", () => {
  it("is the plan's at-most figure, uncapped by the default budget of 300", () => {
    const capped = planProbe({ provider: "openai", model: DEFAULT_MODELS.openai, live: false });
    expect(capped.atMost).toBe(300);
    expect(wholePlanBudget("openai")).toBe(capped.modes.reduce((sum, mode) => sum + mode.atMost, 0));
    expect(wholePlanBudget("openai")).toBeGreaterThan(300);
  });

  it("leaves no cell of a best-effort mode in error where the default budget runs out", async () => {
    // Best-effort modes take every value as asked, so ignored probes are confirmed alone: a small budget runs out.
    const modes = ["chat.tools", "responses.text.format"];
    const budgetErrors = (section: Awaited<ReturnType<typeof probeEmulator>>) =>
      section.modes.flatMap((mode) => Object.values(mode.features)).filter((cell) => cell.status === "error" && JSON.stringify(cell.evidence).includes("budget")).length;
    const spent = await probeEmulator("openai", { modes, maxRequests: 8 });
    expect(budgetErrors(spent)).toBeGreaterThan(0);
    const whole = await probeEmulator("openai", { modes, maxRequests: wholePlanBudget("openai", { modes }) });
    expect(budgetErrors(whole)).toBe(0);
    expect(whole.diffFromProfile).toEqual([]);
  });
});
