/**
 * What the server answers operators and their tools, never a member: kept apart from `messages`, which the web
 * app bundles whole.
 */
export const operationsTexts = {
  /** `GET /metrics` without the bearer token that `METRICS_TOKEN` sets, or with another one. */
  metricsTokenRequired: 'The metrics need the bearer token that METRICS_TOKEN sets.',
} as const;
