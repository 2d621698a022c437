/** The texts of the mail we send. Plain text: readable everywhere, nothing to render. */
import { PRODUCT_NAME } from "../../domain/brand";
import type { MailMessage } from "./mail";

export function welcomeMail(user: { name: string; email: string }): MailMessage {
  return {
    to: user.email,
    subject: `Welcome to ${PRODUCT_NAME}`,
    text: `Hi ${user.name},\n\nYour ${PRODUCT_NAME} account is ready. Scans run on your own device: your file names and contents never leave it.\n\nHappy decluttering!\nThe ${PRODUCT_NAME} team`,
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

export function signupConfirmationMail(email: string): MailMessage {
  return {
    to: email,
    subject: `You're on the ${PRODUCT_NAME} early-access list`,
    text: `Thanks! You'll be notified when ${PRODUCT_NAME} launches.\n\nYou can unsubscribe at any time by replying to this message.`,
  };
}
