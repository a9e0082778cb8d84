// One place decides whether a module is offered the remotes, so no caller passes a second
// argument to a module that never asked for one.
import type { CandidateResult, CompileContext, RemoteAwareValidatorModule, ValidatorModule } from "./types.js";

export function takesRemotes(module: ValidatorModule): module is RemoteAwareValidatorModule {
  return (module as Partial<RemoteAwareValidatorModule>).supportsRemotes === true;
}

export function compileWithContext(
  module: ValidatorModule,
  schema: object | boolean,
  context: CompileContext = {},
): (value: unknown) => CandidateResult {
  return takesRemotes(module) ? module.compile(schema, context) : module.compile(schema);
}
