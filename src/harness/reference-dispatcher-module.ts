// The reference dispatcher behind the dispatcher module contract (dispatcher-module.ts): what
// `schemalab dispatch` tests when no --dispatcher is given.
import { createDispatcher, type Dispatcher } from "./dispatch.js";
import { defineTool } from "./define-tool.js";
import type { DispatcherInput, DispatcherModule, DispatcherTool } from "./dispatcher-module.js";
import type { ProviderPayload } from "./read-provider-answer.js";

// Compiled once per tool list: the runner hands the same list to every round of a fixture.
const dispatchers = new WeakMap<readonly DispatcherTool[], Dispatcher>();

function dispatcherFor(tools: readonly DispatcherTool[]): Dispatcher {
  let dispatcher = dispatchers.get(tools);
  if (dispatcher === undefined) {
    dispatcher = createDispatcher(tools.map((tool) => defineTool({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema, handler: tool.handler })));
    dispatchers.set(tools, dispatcher);
  }
  return dispatcher;
}

export function payloadOf(input: Pick<DispatcherInput, "response" | "chunks">): ProviderPayload {
  return input.chunks === undefined ? { response: input.response } : { chunks: input.chunks };
}

const referenceDispatcher: DispatcherModule = {
  name: "schemalab reference dispatcher",
  async dispatch(input) {
    const outcome = await dispatcherFor(input.tools).dispatch(input.provider, payloadOf(input));
    return outcome.results;
  },
};

export default referenceDispatcher;
