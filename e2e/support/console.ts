/**
 * Takes the console lines a test provoked on purpose (e.g. the browser's "Failed to load
 * resource … 400" for a refused form) out of the fixture's list, returning them so the
 * test can assert they happened. Anything else still fails the test.
 */
export function takeExpectedConsoleErrors(errors: string[], pattern: RegExp): string[] {
  const taken = errors.filter((e) => pattern.test(e));
  errors.splice(0, errors.length, ...errors.filter((e) => !pattern.test(e)));
  return taken;
}
