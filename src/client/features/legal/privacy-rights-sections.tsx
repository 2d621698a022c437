import { DEFAULT_SUPPORT_EMAIL, POLICY_DATE } from "../../../domain/brand";
import { LegalSection } from "./components/legal-document";

/** Privacy Policy: third parties, rights, contact, updates. */
export function PrivacyRightsSections() {
  const mailto = `mailto:${DEFAULT_SUPPORT_EMAIL}`;
  return (
    <>
      <LegalSection id="third-parties" title="Third-Party Services">
        <p>We share information with three kinds of service providers, each only for the job below:</p>
        <ul>
          <li>
            <strong>Stripe</strong> processes card payments. When you subscribe through Stripe we send it your{" "}
            <strong>name, e-mail address and CleanSpace user id</strong> to create you as its customer, and the plan you chose with your
            user id on the subscription or payment. Your card details go straight from your browser to Stripe and never touch our server;
            Stripe tells us whether a payment succeeded and the customer and subscription ids we keep with your account. See
            stripe.com/privacy.
          </li>
          <li>
            <strong>An e-mail sending service</strong> (our SMTP provider) delivers account e-mail: the link that confirms your address and
            password resets. It receives your e-mail address and the message.
          </li>
          <li>
            <strong>A newsletter service</strong> sends the launch announcement. If you joined the early-access list, we export your
            address, where you signed up and your chosen topics to it.
          </li>
        </ul>
        <p>We share nothing with anyone else, except where the law requires us to — and then only what is required.</p>
      </LegalSection>

      <LegalSection id="privacy-rights" title="Your Privacy Rights">
        <p>Wherever you live, you can:</p>
        <ul>
          <li>
            <strong>Access</strong> your data: Insights → Export downloads everything our servers hold about you as a JSON file.
          </li>
          <li>
            <strong>Correct</strong> it: change your name and e-mail address in Settings → profile.
          </li>
          <li>
            <strong>Delete</strong> it: Settings → Delete account removes your account and everything it owns from our servers immediately.
            The local index on your devices is yours to clear.
          </li>
          <li>
            <strong>Opt out</strong> of launch e-mail at any time, by replying to it or writing to us. We send no other marketing.
          </li>
          <li>
            <strong>Take your data with you</strong> (portability): the same export is a machine-readable JSON file.
          </li>
          <li>
            <strong>Object</strong> to how we process your information.
          </li>
          <li>
            <strong>Restrict</strong> our processing while a question is being resolved.
          </li>
          <li>
            <strong>Withdraw consent</strong> you have given, such as to launch news, without affecting what was done before.
          </li>
        </ul>
        <p>
          For anything the app does not do for you, e-mail <a href={mailto}>{DEFAULT_SUPPORT_EMAIL}</a>. We answer within 30 days. You may
          also complain to your local data-protection authority.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact Us">
        <p>
          Questions about this policy or your data? Write to <a href={mailto}>{DEFAULT_SUPPORT_EMAIL}</a>.
        </p>
      </LegalSection>

      <LegalSection id="policy-updates" title="Changes to This Policy">
        <p>
          When what we collect or how we use it changes, we update this policy and the date at the top (currently {POLICY_DATE}). For
          significant changes we will tell you by e-mail or in the app before they take effect.
        </p>
      </LegalSection>
    </>
  );
}
