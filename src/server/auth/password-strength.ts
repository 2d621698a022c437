/**
 * Which new passwords we refuse (ASVS 6.2.11, 6.2.12; issue 39 #6), decided by zxcvbn-ts with
 * its common dictionary: 49,233 passwords from breaches and 7,776 diceware words, plus
 * keyboard rows, repeats, sequences, dates and l33t spellings, and the person's own context
 * words (domain/password-context.ts). A password is refused when zxcvbn finds it within a
 * million guesses *because of* something it recognised; one that is merely short (six
 * random characters) is the length rule's business, which spec §5 sets at 6. One built
 * on the person's context words is refused below a hundred million guesses.
 */
import { ZxcvbnFactory, type ZxcvbnResult } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";
import { messages } from "../../domain/messages";
import { passwordContextWords } from "../../domain/password-context";

/** At most this many guesses (an online attack's budget over a year against our limits) is too few. */
const WEAK_GUESSES = 1e6;
/**
 * Built from the person's own name or address, the bar is higher: someone who targets the
 * account starts from exactly those words (and the word list zxcvbn assumes is tiny).
 */
const WEAK_PERSONAL_GUESSES = 1e8;

let factory: ZxcvbnFactory | undefined;
function checker(): ZxcvbnFactory {
  // Built on first use: ranking the dictionaries takes a moment we don't spend at start-up.
  factory ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return factory;
}

const isPersonal = (result: ZxcvbnResult) => result.sequence.some((m) => m.pattern === "dictionary" && m.dictionaryName === "userInputs");

/** The message saying why `password` is refused for this person, or null when it may be used. */
export function weakPasswordMessage(password: string, person: { name?: string | null; email?: string | null }): string | null {
  const result = checker().check(password, passwordContextWords(person));
  if (isPersonal(result)) return result.guesses <= WEAK_PERSONAL_GUESSES ? messages.passwordPersonal : null;
  const recognised = result.sequence.some((m) => m.pattern !== "bruteforce");
  return recognised && result.guesses <= WEAK_GUESSES ? messages.passwordTooCommon : null;
}
