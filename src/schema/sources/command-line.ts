// `--mcp "npx -y pkg@1 /some dir"`: one string split into a program and its arguments as a POSIX
// shell would split words (single and double quotes, backslash escapes), but never run by a shell.

export class CommandLineError extends Error {
  override readonly name = "CommandLineError";
}

export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = "";
  let inWord = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (quote === "'") {
      if (char === "'") quote = null;
      else word += char;
    } else if (quote === '"') {
      if (char === '"') quote = null;
      else if (char === "\\" && i + 1 < line.length && '"\\$`'.includes(line[i + 1]!)) word += line[++i];
      else word += char;
    } else if (char === "'" || char === '"') {
      quote = char;
      inWord = true;
    } else if (char === "\\" && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(char)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
    } else {
      word += char;
      inWord = true;
    }
  }
  if (quote !== null) throw new CommandLineError(`unclosed ${quote} quote in ${JSON.stringify(line)}`);
  if (inWord) words.push(word);
  return words;
}
