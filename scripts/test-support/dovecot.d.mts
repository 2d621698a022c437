export interface PlannedMessage {
  sender: number;
  /** The From header's value as written; null writes none. */
  from: string | null;
  address: string;
  subject: string;
  date: Date;
  seen: boolean;
  large: boolean;
  listUnsubscribe: string | null;
  oneClick: boolean;
}
export interface Dovecot {
  host: string;
  port: number;
  plainPort: number;
  caFile: string;
  dir: string;
  homeOf(name: string): string;
  /** Gives the folder a new UIDVALIDITY with its UIDs reassigned in reverse order; returns the new UIDVALIDITY. */
  renumber(name: string, path: string): number;
  log(): string;
  who(): string[];
  stop(): Promise<void>;
}
export function ensureDovecot(): void;
export function freePort(): Promise<number>;
export function planMailbox(options: {
  messages: number;
  senders?: number;
  unsubscribeBase?: string;
  largeEvery?: number;
  seed?: number;
}): PlannedMessage[];
export function writeMaildir(home: string, planned: PlannedMessage[], folders?: Record<string, PlannedMessage[]>): void;
export function renumberFolder(home: string, path: string): number;
export function startDovecot(options: {
  /** `messages` go to INBOX, `folders` to the folders named (a path such as "Newsletters/Weekly"). */
  users: { name: string; password: string; messages?: PlannedMessage[]; folders?: Record<string, PlannedMessage[]> }[];
  /** Accept XOAUTH2, checking tokens at this tokeninfo URL (the token is appended). */
  oauth2?: { tokeninfoUrl: string };
}): Promise<Dovecot>;
