/**
 * The stub's batch endpoints, `POST /crm/v3/objects/{type}/batch/{read|create|update}` (HubSpot's CRM objects v3
 * batch API). Every input goes through the stub's own single read, create or update, so a batch validates as the
 * single calls do. As HubSpot: at most 100 inputs per batch (400 otherwise), one id at most once in an update
 * (400), 200 (read, update) or 201 (create) when every input succeeded, else 207 with `numErrors` and `errors`
 * (HubSpot's `StandardError`s) beside the results of the inputs that did; a read names the ids it did not find in
 * its error's `context.ids`. A write's input may carry `objectWriteTraceId`, which its result carries back (how
 * a caller tells which of its inputs failed).
 */

export const BATCH_MAX_INPUTS = 100;

/** What the stub's single calls give a batch: answers, or an error in HubSpot's shape. */
export interface BatchOps {
  read(id: string, query: URLSearchParams): { status: number; body: unknown };
  create(input: unknown): { status: number; body: unknown };
  update(id: string, query: URLSearchParams, input: unknown): { status: number; body: unknown };
  /** An error the stub's call threw as an answer (status, HubSpot's body), or null for a stub bug. */
  asFailure(error: unknown): { status: number; body: Record<string, unknown> } | null;
  invalid(message: string): Error;
  iso(): string;
  singular: string;
}

interface Outcome {
  result?: Record<string, unknown>;
  error?: Record<string, unknown>;
}

function inputsOf(body: unknown, ops: BatchOps): Record<string, unknown>[] {
  const inputs = (body as { inputs?: unknown } | null)?.inputs;
  if (!Array.isArray(inputs)) throw ops.invalid('Invalid input JSON: expected "inputs".');
  if (inputs.length > BATCH_MAX_INPUTS) {
    throw ops.invalid(`Batch input may contain at most ${BATCH_MAX_INPUTS} inputs; got ${inputs.length}.`);
  }
  return inputs.map((i) => (typeof i === 'object' && i !== null ? (i as Record<string, unknown>) : {}));
}

/** Runs one input's single call; its failure becomes the input's error (a stub bug still throws). */
function settle(ops: BatchOps, run: () => { body: unknown }, trace: unknown): Outcome {
  try {
    const result = run().body as Record<string, unknown>;
    return { result: trace === undefined ? result : { ...result, objectWriteTraceId: trace } };
  } catch (error) {
    const failure = ops.asFailure(error);
    if (!failure) throw error;
    const context = trace === undefined ? {} : { objectWriteTraceId: [String(trace)] };
    return { error: { ...failure.body, context, errors: [], links: {} } };
  }
}

function answer(ops: BatchOps, outcomes: Outcome[], startedAt: string, okStatus: number) {
  const results = outcomes.flatMap((o) => (o.result ? [o.result] : []));
  const errors = outcomes.flatMap((o) => (o.error ? [o.error] : []));
  const completedAt = ops.iso();
  if (errors.length === 0)
    return { status: okStatus, body: { status: 'COMPLETE', results, startedAt, completedAt } };
  return {
    status: 207,
    body: { status: 'COMPLETE', results, numErrors: errors.length, errors, startedAt, completedAt },
  };
}

/** `batch/read`: `{inputs: [{id}], properties, idProperty?}`; ids not found are one OBJECT_NOT_FOUND error. */
function batchRead(ops: BatchOps, body: unknown) {
  const startedAt = ops.iso();
  const inputs = inputsOf(body, ops);
  const b = body as { properties?: unknown; idProperty?: unknown };
  const query = new URLSearchParams();
  if (Array.isArray(b.properties)) query.set('properties', b.properties.map(String).join(','));
  if (typeof b.idProperty === 'string') query.set('idProperty', b.idProperty);
  const results: Record<string, unknown>[] = [];
  const missing: string[] = [];
  for (const input of inputs) {
    const id = String(input.id ?? '');
    const outcome = settle(ops, () => ops.read(id, query), undefined);
    if (outcome.result) results.push(outcome.result);
    else if (outcome.error?.category === 'OBJECT_NOT_FOUND') missing.push(id);
    else throw ops.invalid(String(outcome.error?.message ?? 'invalid input'));
  }
  const completedAt = ops.iso();
  if (missing.length === 0)
    return { status: 200, body: { status: 'COMPLETE', results, startedAt, completedAt } };
  const error = {
    status: 'error',
    category: 'OBJECT_NOT_FOUND',
    message: `Could not get some ${ops.singular} objects, they may be deleted or not exist. Check that ids are valid.`,
    context: { ids: missing },
    errors: [],
    links: {},
  };
  return {
    status: 207,
    body: { status: 'COMPLETE', results, numErrors: 1, errors: [error], startedAt, completedAt },
  };
}

function batchCreate(ops: BatchOps, body: unknown) {
  const startedAt = ops.iso();
  const outcomes = inputsOf(body, ops).map((input) =>
    settle(ops, () => ops.create(input), input.objectWriteTraceId),
  );
  return answer(ops, outcomes, startedAt, 201);
}

function batchUpdate(ops: BatchOps, body: unknown) {
  const startedAt = ops.iso();
  const inputs = inputsOf(body, ops);
  const ids = inputs.map((i) => String(i.id ?? ''));
  if (new Set(ids).size !== ids.length) throw ops.invalid('Duplicate IDs found in batch input.');
  const outcomes = inputs.map((input, i) => {
    const query = new URLSearchParams();
    if (typeof input.idProperty === 'string') query.set('idProperty', input.idProperty);
    return settle(ops, () => ops.update(ids[i]!, query, input), input.objectWriteTraceId);
  });
  return answer(ops, outcomes, startedAt, 200);
}

export const batchActions = { read: batchRead, create: batchCreate, update: batchUpdate } as const;
export type BatchAction = keyof typeof batchActions;
