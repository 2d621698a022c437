/**
 * Privacy Policy: how long each kind of record is kept. These periods are the ones the
 * server's clean-up job applies; change both together.
 */
export function PrivacyRetention() {
  return (
    <>
      <h3>How long we keep it</h3>
      <ul data-testid="retention-list">
        <li>
          <strong>Your account and everything it owns</strong> — settings and preferences, scan totals and their history, cleanup events,
          your streak, saved filter presets and export history — until you delete your account; then they are removed with it.
        </li>
        <li>
          <strong>Sessions:</strong> deleted once they expire (30 days after your last visit, at most 90 days after you signed in), or at
          once when you sign out.
        </li>
        <li>
          <strong>On this device, when you sign out:</strong> CleanSpace removes what it kept here to show you — your name, scores and
          streak, your settings and keep-rules, the log of what was sent, and the last scan&apos;s list of files with its fingerprints,
          marks and remembered folder. Your files themselves are never touched; a scan you want to keep is in the exports and backups you
          saved.
        </li>
        <li>
          <strong>Password-reset and e-mail confirmation links:</strong> deleted once used or expired.
        </li>
        <li>
          <strong>Gmail and Outlook sign-ins in progress</strong> (a one-time check value for your session): deleted once used, or after 10
          minutes.
        </li>
        <li>
          <strong>Copies of e-mail we send</strong> (the address, subject and text, kept in an outbox so a message is not lost if sending
          fails): deleted 7 days after sending; a message never sent is deleted 7 days after it was written.
        </li>
        <li>
          <strong>Ids of offline changes already applied</strong> (so a change sent twice counts once): 30 days.
        </li>
        <li>
          <strong>Ids of payment events from Stripe already processed</strong> (so an event delivered twice counts once): 90 days.
        </li>
        <li>
          <strong>Rate-limit records</strong>, which hold IP addresses and e-mail addresses: deleted at the end of their window.
        </li>
        <li>
          <strong>One-trial check:</strong> if your account started a free trial without a card, we keep a keyed hash (HMAC) of its e-mail
          address even after the account is deleted, so each address gets one free trial. Without our secret key the hash cannot be turned
          back into the address, and it is used for nothing else. The hash is taken of the mailbox, not the exact spelling: we lower-case
          the address, drop a &ldquo;+tag&rdquo; (name+anything@example.com counts as name@example.com) and, for Gmail, ignore dots and
          treat googlemail.com as gmail.com, because those spellings all deliver to one mailbox.
        </li>
        <li>
          <strong>Early-access signups:</strong> until you ask us to remove you.
        </li>
      </ul>
    </>
  );
}
