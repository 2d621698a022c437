/** Spec texts that more than one place shows (spec §5, §8). Each lives here once. */
import { PRODUCT_NAME } from "./brand";

export const messages = {
  invalidEmail: "Please enter a valid email address",
  passwordTooShort: "Password must be at least 6 characters",
  passwordsDontMatch: "Passwords don't match",
  passwordTooCommon:
    "This password is too easy to guess: it is on lists of leaked passwords or follows a common pattern (a keyboard row, a repeated letter, a word with a number). Try three or four unrelated words.",
  passwordPersonal: `Please don't build your password from your name, your e-mail address or "${PRODUCT_NAME}": those are the first guesses. Try three or four unrelated words.`,
  nameRequired: "Please enter your name",
  nameControlCharacters: "Your name can't contain line breaks, tabs or other control characters",
  invalidCredentials: "Invalid email or password",
  emailTaken: "An account with this email already exists",
  loginFailedTitle: "Login Failed",
  loginFailedWrong: "Incorrect email or password. Please check your credentials and try again.",
  loginFailedFallback: "Invalid credentials",
  somethingWentWrong: "Something went wrong. Please try again.",
  loginSuccessTitle: "Login Successful",
  loginSuccessBody: `Welcome back to ${PRODUCT_NAME}!`,
  registrationFailedTitle: "Registration Failed",
  registrationFailedFallback: "Failed to create account",
  accountCreatedTitle: "Account Created",
  accountCreatedBody: `Welcome to ${PRODUCT_NAME}! Your account has been created successfully.`,
  settingUpdated: "Setting Updated",
  premiumFeatureTitle: "Premium Feature",
  premiumQuickActions: `Quick actions are available with ${PRODUCT_NAME} Pro. Upgrade to start organizing your digital life!`,
  premiumFileScan: `File scanning is available with ${PRODUCT_NAME} Pro. Upgrade to unlock full access!`,
  networkError: "Network error. Please check your connection and try again.",
  signupSuccess: `Thanks! You'll be notified when ${PRODUCT_NAME} launches.`,
} as const;
