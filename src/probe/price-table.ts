// List prices (USD per million tokens) for the models a probe is most often pointed at, so records can
// carry an estimated cost. Unknown models cost null: a guess would be worse than no number.
export interface ModelPrice {
  readonly inputPerMTok: number;
  readonly outputPerMTok: number;
  readonly source: string;
  readonly date: string;
}

const LIST_PRICES = "vendor list prices as tabulated in BerriAI/litellm model_prices_and_context_window.json and quoted in third-party pricing tables";

export const PRICE_TABLE: Readonly<Record<string, ModelPrice>> = {
  "gpt-4o-2024-08-06": { inputPerMTok: 2.5, outputPerMTok: 10, source: LIST_PRICES, date: "2026-11" },
  "gpt-4o": { inputPerMTok: 2.5, outputPerMTok: 10, source: LIST_PRICES, date: "2026-11" },
  "gpt-4o-mini": { inputPerMTok: 0.15, outputPerMTok: 0.6, source: LIST_PRICES, date: "2026-11" },
  "gpt-4.1": { inputPerMTok: 2, outputPerMTok: 8, source: LIST_PRICES, date: "2026-11" },
  "gpt-4.1-mini": { inputPerMTok: 0.4, outputPerMTok: 1.6, source: LIST_PRICES, date: "2026-11" },
  "claude-sonnet-4-5": { inputPerMTok: 3, outputPerMTok: 15, source: LIST_PRICES, date: "2026-11" },
  "claude-haiku-4-5": { inputPerMTok: 1, outputPerMTok: 5, source: LIST_PRICES, date: "2026-11" },
  "gemini-2.5-pro": { inputPerMTok: 1.25, outputPerMTok: 10, source: `${LIST_PRICES} (prompts up to 200k tokens)`, date: "2026-11" },
  "gemini-2.5-flash": { inputPerMTok: 0.3, outputPerMTok: 2.5, source: LIST_PRICES, date: "2026-11" },
};

/** Estimated cost in USD, or null when the model has no known price or no usage came back. */
export function estimateCostUsd(model: string, usage: { inputTokens: number; outputTokens: number } | null): number | null {
  const price = PRICE_TABLE[model.replace(/^models\//, "")];
  if (price === undefined || usage === null) return null;
  const cost = (usage.inputTokens * price.inputPerMTok + usage.outputTokens * price.outputPerMTok) / 1_000_000;
  return Math.round(cost * 1e8) / 1e8;
}
