// What a module threw, as one line of text. Modules under test may throw anything (`throw 42`, an
// object without a prototype, an Error whose getters throw): describing it must never throw itself,
// or the lab crashes where it meant to report (a null-prototype object once aborted a fuzz worker).

const MAX_LENGTH = 500;

function clip(text: string): string {
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}…` : text;
}

function describeError(error: Error): string {
  const name = typeof error.name === "string" ? error.name : "Error";
  const message = typeof error.message === "string" ? error.message : "";
  return name && name !== "Error" ? `${name}: ${message}` : message || name;
}

function describeValue(thrown: unknown): string {
  if (typeof thrown === "string") return thrown;
  if (typeof thrown !== "object" && typeof thrown !== "function") return String(thrown);
  if (thrown === null) return "null";
  const json = JSON.stringify(thrown);
  return `a non-Error ${Object.prototype.toString.call(thrown).slice(8, -1).toLowerCase()}${json === undefined ? "" : ` ${json}`}`;
}

export function describeThrown(thrown: unknown): string {
  try {
    return clip(thrown instanceof Error ? describeError(thrown) : describeValue(thrown));
  } catch {
    return "a thrown value that cannot be described";
  }
}
