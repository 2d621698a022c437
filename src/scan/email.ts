/** Spec §3: the scan bundle's email part is null; spec §5: connecting is not implemented. */
export type EmailProvider = "gmail" | "outlook";

export class EmailSetupRequiredError extends Error {
  override readonly name = "EmailSetupRequiredError";
  constructor(readonly provider: EmailProvider) {
    super(
      provider === "gmail"
        ? "Gmail integration requires OAuth2 setup. Email scanning is not available yet."
        : "Outlook integration requires Microsoft Graph setup. Email scanning is not available yet.",
    );
  }
}

/**
 * Spec §5 "connecting to Gmail or Outlook throws an error saying an OAuth2 or Microsoft
 * Graph setup is required". Always throws; the scan's email stage reports 0.
 */
export function connectEmail(provider: EmailProvider): never {
  throw new EmailSetupRequiredError(provider);
}
