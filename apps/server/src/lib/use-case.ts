/**
 * Binds a service's context to its use-case functions, so that a service factory maps each method in one
 * line: with `const use = bindContext(ctx)`, `dismiss: use(dismissSuggestion)` is
 * `(...args) => dismissSuggestion(ctx, ...args)`, with the same parameters (names included) and result.
 */
export function bindContext<C>(ctx: C) {
  return <A extends unknown[], R>(useCase: (ctx: C, ...args: A) => R) =>
    (...args: A): R =>
      useCase(ctx, ...args);
}
