/**
 * Real defects the security suites found and that are not fixed yet (reported to the lead
 * with route, input and answer). Each has a test marked `it.fails` that reproduces it: when
 * someone fixes the defect that test turns red — then delete the entry here and the `.fails`,
 * and the probes hold the line from then on.
 */
export interface KnownIssue {
  id: string;
  summary: string;
  /** True when this answer to this serialised body is the known defect, not a new one. */
  explains(serialisedBody: string, status: number): boolean;
}

export const KNOWN_ISSUES: KnownIssue[] = [];

export const knownIssueFor = (serialisedBody: string, status: number) => KNOWN_ISSUES.find((k) => k.explains(serialisedBody, status));
