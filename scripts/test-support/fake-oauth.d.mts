export interface FakeOAuth {
  origin: string;
  authorizeUrl: string;
  tokenUrl: string;
  tokeninfoUrl: string;
  log: string[];
  issueExpired(on?: boolean): void;
  expireAccessTokens(): void;
  revokeRefreshTokens(): void;
  liveRefreshTokens(): string[];
  close(): Promise<void>;
}
export function startFakeOAuth(options: {
  clientId: string;
  clientSecret: string;
  email: string;
  port?: number;
  accessTtlSeconds?: number;
}): Promise<FakeOAuth>;
