import { DEFAULT_SUPPORT_EMAIL } from "../../../domain/brand";
import { LegalSection } from "./components/legal-document";

/** Terms: liability, termination, disputes, changes, boilerplate, contact. */
export function TermsLegalSections() {
  const mailto = `mailto:${DEFAULT_SUPPORT_EMAIL}`;
  return (
    <>
      <LegalSection id="warranties-and-liability" title="Warranties and Liability">
        <p>
          We work hard to make CleanSpace reliable, but it is provided &quot;as is&quot; and &quot;as available&quot;. To the extent the law
          allows, we make no warranties, express or implied, including that it will be uninterrupted, error-free or fit for a particular
          purpose, or that every duplicate or unused item will be found.
        </p>
        <p>
          To the extent the law allows, we are not liable for indirect, incidental or consequential losses, including lost data or files you
          chose to delete. Our total liability for any claim is limited to the fees you paid us in the 12 months before the claim arose.
          Some places do not allow these limits, so they may not all apply to you; nothing here limits rights you have as a consumer that
          cannot be waived.
        </p>
      </LegalSection>

      <LegalSection id="account-termination" title="Account Termination">
        <p>
          You can stop using CleanSpace and delete your account at any time in Settings; deletion removes your account and its data from our
          servers immediately. Cancelling a subscription does not delete your account.
        </p>
        <p>
          We may suspend or terminate an account that breaks these terms, that is used to harm others or the service, whose payments remain
          unresolved as described above, or when the law requires it. Where we reasonably can, we will warn you first and give you the
          chance to export your data.
        </p>
      </LegalSection>

      <LegalSection id="dispute-resolution" title="Dispute Resolution">
        <p>
          If something goes wrong, please contact us first at <a href={mailto}>{DEFAULT_SUPPORT_EMAIL}</a>. We will respond within 30 days
          and try to resolve the matter informally.
        </p>
        <p>
          These terms are governed by the laws of the State of New Jersey, United States, without regard to its conflict-of-law rules, and
          disputes that cannot be settled informally will be heard by the courts located in New Jersey. If you are a consumer, you keep the
          protection of the mandatory laws of the country where you live.
        </p>
      </LegalSection>

      <LegalSection id="modifications" title="Modifications">
        <p>
          We may update these terms as CleanSpace changes. We will notify you of changes by e-mail or in the app, and changes take effect 30
          days after that notice. If you do not agree with the new terms, you can cancel and delete your account before they take effect;
          continuing to use CleanSpace afterwards means you accept them.
        </p>
      </LegalSection>

      <LegalSection id="additional-legal-terms" title="Additional Legal Terms">
        <ul>
          <li>These terms and the Privacy Policy are the entire agreement between you and us about CleanSpace.</li>
          <li>If any part of these terms is found unenforceable, the rest remains in effect.</li>
          <li>If we do not enforce a right straight away, we have not given it up.</li>
          <li>
            You may not transfer your rights under these terms; we may transfer ours to a company that takes over the service, under terms
            that protect you equally.
          </li>
          <li>We are not responsible for delays caused by events beyond our reasonable control.</li>
        </ul>
      </LegalSection>

      <LegalSection id="contact" title="Contact">
        <p>
          Questions about these terms? Write to us at <a href={mailto}>{DEFAULT_SUPPORT_EMAIL}</a>.
        </p>
      </LegalSection>
    </>
  );
}
