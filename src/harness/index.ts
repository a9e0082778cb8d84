// src/harness: the reference dispatcher (define, check, dispatch, rounds) and dispatcher conformance.
export { defineTool, ToolRejection, type Tool, type ToolSpec, type GuardVerdict, type HandlerContext, type RiskLevel } from "./define-tool.js";
export { createDispatcher, type Dispatcher, type DispatchOutcome, type CallOutcome, type CallStatus, type AnswerKind } from "./dispatch.js";
export { checkCall, type CallVerdict, type RejectStage } from "./check-call.js";
export { idempotencyKey } from "./run-handler.js";
export { runRounds, endAfter, type ModelTurns, type RoundsEnd, type RoundsReport } from "./run-rounds.js";
export { createWireConversation, conversationTurns, type ConversationOptions, type WireConversation } from "./wire-conversation.js";
export { renderToolDeclarations, renderForcedToolChoice } from "./render-tool-declarations.js";
export { renderToolResult, type ToolResult } from "./render-tool-results.js";
export { readProviderAnswer, type ProviderPayload } from "./read-provider-answer.js";
export { WIRE_FORMATS, isWireFormat, type WireFormat } from "./wire-format.js";
export { fitnessTools, loadFitnessCatalog } from "./fitness-tools.js";
export { openMeasurementStore, type MeasurementStore } from "./measurement-store.js";
export { runDispatchConformance, type DispatchConformanceOptions } from "./run-dispatch-conformance.js";
export { loadDispatcherModule, DispatcherLoadError, type DispatcherModule, type DispatcherInput, type DispatcherTool } from "./dispatcher-module.js";
export { DISPATCH_PROPERTIES, type DispatchProperty } from "./check-dispatch-properties.js";
