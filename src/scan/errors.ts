/** Why a scan could not start at all. Everything below the root is skipped and counted instead. */
export type ScanAccessProblem = "not-found" | "not-a-directory" | "unreadable" | "permission-denied";

export class ScanAccessError extends Error {
  override readonly name = "ScanAccessError";
  constructor(
    readonly problem: ScanAccessProblem,
    message: string,
  ) {
    super(message);
  }
}
