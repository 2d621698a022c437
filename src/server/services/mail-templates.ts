/**
 * The texts of the mail we send. Plain text: readable everywhere, nothing to render.
 * Invariant (issue 39 #8): no text a user typed appears in a mail, except an address our
 * schema validated and only where it is named as the address. Anyone can register with a
 * stranger's address, so a display name in a greeting would let them write the first line
 * of "our" mail to that stranger; we greet without it.
 */
import { PRODUCT_NAME } from "../../domain/brand";
import type { MailMessage } from "./mail";

/** Sent at registration; it carries the link that confirms the address. */
export function welcomeMail(user: { email: string }, verifyLink: string): MailMessage {
  return {
    to: user.email,
    subject: `Welcome to ${PRODUCT_NAME}`,
    text: `Hello,\n\nYour ${PRODUCT_NAME} account is ready. Scans run on your own device: your file names and contents never leave it.\n\nPlease confirm your e-mail address by opening this link within 3 days:\n${verifyLink}\nYour account works without it; a free trial starts once the address is confirmed.\n\nHappy decluttering!\nThe ${PRODUCT_NAME} team`,
  };
}

export function passwordResetMail(email: string, link: string): MailMessage {
  return {
    to: email,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: `Someone asked to reset the password of your ${PRODUCT_NAME} account.\n\nTo choose a new password, open this link within one hour:\n${link}\n\nIf it wasn't you, ignore this message: your password stays the same.`,
  };
}

export function passwordChangedMail(email: string): MailMessage {
  return {
    to: email,
    subject: `Your ${PRODUCT_NAME} password was changed`,
    text: `The password of your ${PRODUCT_NAME} account was just changed, and other devices were signed out.\n\nIf this wasn't you, reset your password now from the sign-in page.`,
  };
}

export function emailChangeConfirmMail(newEmail: string, link: string): MailMessage {
  return {
    to: newEmail,
    subject: `Confirm your new ${PRODUCT_NAME} sign-in address`,
    text: `Someone asked to use this address to sign in to ${PRODUCT_NAME}.\n\nTo confirm it, open this link within 24 hours:\n${link}\n\nUntil you do, the account keeps its current address. If it wasn't you, ignore this message.`,
  };
}

export function emailChangeNoticeMail(oldEmail: string, newEmail: string, undoLink: string): MailMessage {
  return {
    to: oldEmail,
    subject: `Your ${PRODUCT_NAME} sign-in address is being changed`,
    text: `A change of your ${PRODUCT_NAME} sign-in address to ${newEmail} was requested with your password. It takes effect once the new address confirms it.\n\nIf this wasn't you, open this link within 7 days to keep (or get back) this address; every device will be signed out and we'll send you a link to choose a new password:\n${undoLink}`,
  };
}

export function verifyEmailMail(user: { email: string }, link: string): MailMessage {
  return {
    to: user.email,
    subject: `Confirm your ${PRODUCT_NAME} e-mail address`,
    text: `Hello,\n\nPlease confirm this is your address by opening this link within 3 days:\n${link}\n\nYour account works without it; a free trial starts once the address is confirmed.\n\nIf you didn't create a ${PRODUCT_NAME} account, ignore this message.`,
  };
}

export function paymentFailedMail(user: { email: string }, link: string, graceEnds: Date): MailMessage {
  return {
    to: user.email,
    subject: `Your ${PRODUCT_NAME} payment didn't go through`,
    text: `Hello,\n\nWe couldn't charge your card for ${PRODUCT_NAME} Pro. You keep Pro until ${graceEnds.toUTCString()}; after that it is suspended until a payment succeeds.\n\nUpdate your payment method here:\n${link}\n\nThe ${PRODUCT_NAME} team`,
  };
}

export function trialEndingMail(user: { email: string }, link: string, trialEnds: Date | null): MailMessage {
  const when = trialEnds ? `on ${trialEnds.toUTCString()}` : "in 3 days";
  return {
    to: user.email,
    subject: `Your ${PRODUCT_NAME} trial ends soon`,
    text: `Hello,\n\nYour free trial of ${PRODUCT_NAME} Pro ends ${when}, and then your card is charged for your plan.\n\nTo cancel before then, or to change plan, open Settings → Subscription:\n${link}\n\nThe ${PRODUCT_NAME} team`,
  };
}
