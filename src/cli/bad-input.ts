// Which failures are bad input (exit 2, one line) rather than a bug of the lab (a stack trace): the
// engines' named input errors, and the file system refusing a path the user gave.

/** Errors the engines throw for input they cannot use; their message names the file and the place. */
const INPUT_ERRORS = new Set([
  "CatalogError", "DispatchFixtureError", "DispatcherLoadError", "EmptyBenchCorpusError", "EmulatorConfigError",
  "FuzzInputError", "IsolatedLoadError", "KnownDivergencesError", "ProbeSuiteError", "ProfileError",
  "RegressionCaseError", "ResultsInputError", "SuiteFormatError", "SuiteNotFoundError", "UnknownModeError",
  "UnknownTargetError", "ReferenceCompileError", "ValidatorLoadError", "WorkerLoadError", "UsageError", "CassetteError", "NestingLimitError",
]);

const FS_REASONS: Readonly<Record<string, string>> = {
  ENOENT: "no such file or folder",
  EISDIR: "is a folder, expected a file",
  ENOTDIR: "a part of the path is not a folder",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EEXIST: "already exists",
  ENOSPC: "no space left on the device",
  EROFS: "read-only file system",
  ENAMETOOLONG: "name too long",
};

function firstLine(text: string): string {
  return text.split("\n", 1)[0]!;
}

/** The one line to print for bad input, or null when the error is the lab's own bug. */
export function badInputLine(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  if (error.name === "UsageError") return error.message.trimEnd();
  if (INPUT_ERRORS.has(error.name)) return firstLine(error.message);
  const { code, path } = error as NodeJS.ErrnoException;
  if (code !== undefined && path !== undefined && FS_REASONS[code]) return `${path}: ${FS_REASONS[code]}`;
  if (error instanceof RangeError && /call stack/i.test(error.message)) return "an input is nested too deep to read (the stack ran out); see the README's nesting limit";
  return null;
}
