/** Texts of the password-reset screens (not in the spec, so they live with the feature). */
export const authTexts = {
  resetLinkSent: "If an account exists for that e-mail, we've sent a link to reset your password.",
  resetLinkInvalid: "This reset link is invalid or has expired",
  passwordUpdatedTitle: "Password Updated",
  passwordUpdatedBody: "Your password has been changed. Sign in with your new password.",
  resetFailedTitle: "Reset Failed",
  requestFailedTitle: "Request Failed",
} as const;
