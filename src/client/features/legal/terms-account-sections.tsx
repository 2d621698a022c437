import { Link } from "wouter";
import { formatUsd, getPlan, MONEY_BACK_GUARANTEE_DAYS } from "../../../domain/pricing";
import { paths } from "../../config/paths";
import { LegalSection } from "./components/legal-document";

const monthly = getPlan("monthly");
const yearly = getPlan("yearly");
const lifetime = getPlan("lifetime");

/** Terms: agreement, service, accounts, intellectual property, payment, data. */
export function TermsAccountSections() {
  return (
    <>
      <LegalSection id="agreement" title="Agreement">
        <p>
          By creating an account, buying a subscription or otherwise using CleanSpace, you agree to these Terms of Service and to our{" "}
          <Link href={paths.privacy}>Privacy Policy</Link>. If you do not agree, please do not use CleanSpace. &quot;CleanSpace&quot;,
          &quot;we&quot; and &quot;us&quot; mean the provider of the service; &quot;you&quot; means the person using it.
        </p>
      </LegalSection>

      <LegalSection id="our-service" title="Our Service">
        <p>
          CleanSpace helps you find and clear digital clutter — duplicate photos, large and old files, unused apps and inbox overload — and
          follow your progress with a health score, goals, insights and a cleanup streak. Scanning runs on your own device. You decide what
          is removed: CleanSpace never deletes anything without your action.
        </p>
        <p>
          Deleting files, photos or apps on your device can be permanent. Keep backups of anything important before you clean up. The demo
          is view-only. Some features, such as connecting an e-mail account or the native iOS and Android apps, may not be available yet,
          and we may add, change or retire features as the service develops.
        </p>
      </LegalSection>

      <LegalSection id="user-accounts" title="User Accounts and Responsibilities">
        <ul>
          <li>You must be at least 13 years old to use CleanSpace, or at least 16 in the European Union.</li>
          <li>One account per person. Your account is personal: do not share it, sell it or transfer it to anyone.</li>
          <li>Give accurate information and keep your e-mail address current, so we can reach you about your account.</li>
          <li>
            Keep your password secret. You are responsible for what happens under your account; tell us at once if you suspect someone else
            is using it.
          </li>
          <li>
            Use CleanSpace lawfully. Do not try to break, overload or get around its security, access other people&apos;s data, or use it to
            harm anyone.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="intellectual-property" title="Intellectual Property">
        <p>
          CleanSpace, its software, design and name belong to us and our licensors. We give you a personal, non-exclusive, non-transferable
          licence to use the apps for as long as you follow these terms. You may not copy, resell or reverse-engineer them except where the
          law allows it.
        </p>
        <p>
          Your files and data remain yours. You give us only the permission we need to store and process the information described in the
          Privacy Policy in order to provide the service to you. If you send us feedback, we may use it freely to improve CleanSpace.
        </p>
      </LegalSection>

      <LegalSection id="subscription-and-payment" title="Subscription and Payment Terms">
        <p>
          CleanSpace Pro is offered as a monthly plan ({formatUsd(monthly.priceCents)} per month, with a {monthly.trialDays}-day free
          trial), a yearly plan ({formatUsd(yearly.priceCents)} per year, with a {yearly.trialDays}-day free trial) and a lifetime plan (
          {formatUsd(lifetime.priceCents)}, paid once). Prices are in US dollars; taxes may apply. Promotional prices, such as early-signup
          prices, apply only as stated in the offer.
        </p>
        <ul>
          <li>
            <strong>Free trials.</strong> A free trial may not require a credit card. Where a card is required, it is charged when the trial
            ends unless you cancel before then.
          </li>
          <li>
            <strong>Auto-renewal.</strong> Monthly and yearly plans renew automatically at the end of each period at the then-current price.
            Cancel at least 24 hours before the renewal date to avoid the next charge; you keep Pro until the end of the period you have
            paid for.
          </li>
          <li>
            <strong>Refunds.</strong> Every plan has a {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee: ask for a refund within 30 days
            of your initial purchase. Refunds are available within 30 days of the initial purchase only; renewals are not refunded unless
            the law requires it.
          </li>
          <li>
            <strong>Price changes.</strong> We announce price changes at least 30 days in advance. They apply from your next renewal, so you
            can cancel before they take effect.
          </li>
          <li>
            <strong>Failed payments.</strong> If a payment fails we will retry and let you know. If it still has not succeeded after 7 days,
            we may suspend your Pro access until it is resolved.
          </li>
          <li>
            <strong>Billing disputes.</strong> Report any billing problem to us within 60 days of the charge.
          </li>
        </ul>
        <p>Payments are processed by Stripe; your card details go directly to Stripe and never to our servers.</p>
      </LegalSection>

      <LegalSection id="data-handling" title="Data Handling">
        <p>
          Our <Link href={paths.privacy}>Privacy Policy</Link> describes exactly what we collect and why. In short: your files, their
          contents and their names stay on your device; our servers keep your account, settings, totals and history. You can export your
          data or delete your account and all of its data at any time from within the app.
        </p>
      </LegalSection>
    </>
  );
}
