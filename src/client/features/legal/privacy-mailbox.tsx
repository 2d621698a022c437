/** Privacy Policy: exactly what passes through our server when a mailbox is connected, and what is kept. */
export function PrivacyMailbox() {
  return (
    <>
      <h3>Your mailbox, if you connect one</h3>
      <p>
        E-mail cleanup is the one feature that cannot run on your device alone: your browser cannot speak to a mail server, so our server
        connects to your mailbox (IMAP over TLS) for you, only to the server you name and never to private network addresses. You sign in to
        your mail server in one of two ways: with your mail password (an app password), which goes to our server with the request to
        connect; or, where this server offers it, by signing in with Gmail or Outlook on Google&apos;s or Microsoft&apos;s own page, so your
        password there never reaches us.
      </p>
      <ul>
        <li>
          <strong>What passes through our server, and is not kept:</strong> the names of your mailbox&apos;s folders with their message
          counts, and for each message in the folders you choose to list (your inbox and your own folders unless you choose otherwise) its
          From, Subject and List-Unsubscribe header lines, the date, the size and whether it is read. Our server reads the sender&apos;s
          name and address out of the From line in memory, and they go straight from your mail server to this page and are held only in this
          page&apos;s memory. We never fetch the text of a message or its attachments, and we do not write any of it (nor the folder names)
          to our database or our logs.
        </li>
        <li>
          <strong>What is kept:</strong> only the totals the dashboard shows — how many messages, how many unread, and their total size —
          like the totals of a file scan. If you choose &ldquo;Stay connected&rdquo;, also the server name, port and user name of your
          mailbox, with the sealed password or token below.
        </li>
        <li>
          <strong>Your mail password:</strong> used for the connection and then forgotten, unless you tick &ldquo;Stay connected&rdquo;.
          Then it is kept on our server encrypted (AES-256-GCM) with a key that is not stored in the database; Settings → Mailbox deletes
          it, and deleting your account deletes it too.
        </li>
        <li>
          <strong>Signing in with Gmail or Outlook:</strong> after you allow access on the provider&apos;s page, the provider sends your
          browser back to our server with a one-time code in the address. Our server exchanges that code with the provider for an access
          token to your mailbox (and learns your address from the provider&apos;s answer); the tokens never reach this page. The access
          token is used to open the connection and then forgotten. A renewal token is asked for and kept only if you tick &ldquo;Stay
          connected&rdquo;, encrypted like a password, and removed the same ways; you can also withdraw CleanSpace&apos;s access in your
          Google or Microsoft account at any time. While you are on the provider&apos;s page we keep a one-time check value for your session
          (so nobody else&apos;s sign-in can land in your account), for at most 10 minutes.
        </li>
        <li>
          <strong>The connection</strong> closes by itself after a few minutes unused, and at once when you disconnect or delete your
          account.
        </li>
        <li>
          <strong>Actions you choose</strong> (move to Trash, archive, mark read, undo) are carried out in your mailbox by message number,
          in each message&apos;s own folder, and only if your mail server has not renumbered that folder since it was listed (otherwise
          nothing is changed and your mail is listed again). <strong>Unsubscribe</strong> sends the sender&apos;s own one-click request (RFC
          8058) from our server where the message offers one over https; otherwise it opens the sender&apos;s unsubscribe link or e-mail on
          your device (a link over plain http only if you choose to open it after a warning).
        </li>
      </ul>
      <p>
        The &ldquo;What left this device&rdquo; list in Settings shows these requests too (connect, sign-in start, list with the folders
        chosen, actions, unsubscribe), with the password hidden.
      </p>
    </>
  );
}
