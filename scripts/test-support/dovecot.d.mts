export interface PlannedMessage {
  sender: number;
  from: string;
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
export function writeMaildir(home: string, planned: PlannedMessage[]): void;
export function startDovecot(options: {
  users: { name: string; password: string; messages?: PlannedMessage[] }[];
  /** Accept XOAUTH2, checking tokens at this tokeninfo URL (the token is appended). */
  oauth2?: { tokeninfoUrl: string };
}): Promise<Dovecot>;
