/** Messages between the CLI's main thread and its hash workers. */
export type HashPass = "first" | "full";

export interface HashRequest {
  pass: HashPass;
  ids: number[];
  /** Absolute paths. */
  paths: string[];
  sizes: number[];
}

export interface HashReply {
  pass: HashPass;
  ids: number[];
  /** null: unreadable, or changed since the walk. */
  keys: (string | null)[];
}
