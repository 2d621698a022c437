import { LegalSection } from "./components/legal-document";
import { PrivacyMailbox } from "./privacy-mailbox";
import { PrivacyRetention } from "./privacy-retention";

/** Privacy Policy: information collected, how it is used, security. */
export function PrivacyDataSections() {
  return (
    <>
      <LegalSection id="information-we-collect" title="Information We Collect">
        <h3>What stays on your device</h3>
        <p>
          Scanning runs on your device: in your browser, inside a background Web Worker, or in the CleanSpace command-line tool on your
          computer. To describe your files, photos and apps the scan reads their names, folder paths, sizes, types and dates.
        </p>
        <p>
          To find exact duplicates, the scan also reads the contents of files on your device and computes a fingerprint (a hash) of each
          one; two files with the same fingerprint are copies of each other. File contents, fingerprints, file names and paths never leave
          your device. If you prefer, a metadata-only scan mode reads no file contents at all; it cannot confirm exact duplicates, but it
          still finds large and old items.
        </p>
        <p>
          To find similar shots, blurry photos and screenshots, the scan also decodes each photo on your device at a reduced size and
          computes a visual fingerprint (a perceptual hash, also of the picture turned and of its corners and centre), sharpness, detail and
          exposure measures, whether it looks like a graphic (icons, logos, drawings), and whether it looks like a screenshot (its pixel
          size, its name, and whether it carries camera details). HEIC photos are decoded by a decoder that is part of this app. Thumbnails
          in Organize are made from your files on the device; small copies made during the scan are kept in this browser so the photo views
          can show them later, and &quot;Clear scan data&quot; deletes them. Photos, thumbnails, visual fingerprints and names never leave
          your device; only the number and total bytes of similar, blurry and screenshot photos do, as part of the scan&apos;s aggregate.
        </p>
        <p>
          The list of scanned items (names, paths, sizes and dates) is kept as a local index in your browser&apos;s IndexedDB storage, on
          that device only, so the app can show and act on your items without scanning again. Next to it are the fingerprints of files
          already read (so a rescan skips unchanged files), the items you marked as reviewed or ignored, and the last folder you picked.
          None of it is uploaded. Settings → Data on this device → Clear scan data removes all four at any time; clearing this site&apos;s
          data in your browser also removes them. The browser&apos;s local storage also holds a few conveniences: your theme, your
          preferences, whether you have finished the guided tour, and the id and e-mail address of the signed-in account.
        </p>
        <p>
          The command-line tool keeps a cache of its own in your user cache folder (for example <code>~/.cache/cleanspace</code>): for each
          folder it scanned, that folder&apos;s path and, for each of its files, the file system&apos;s numbers for it (device and inode),
          its size and dates, and the fingerprints of those it read, so a rescan skips unchanged files; and, where Node.js offers it,
          Node&apos;s compiled code of the tool itself, so it starts sooner. None of it is uploaded, and deleting that folder is always
          safe.
        </p>
        <p>
          A cleanup you make while offline (or while our server cannot be reached) waits in the same IndexedDB storage, holding exactly what
          it will send (the category, the action, the number of items, the bytes freed, a random id and your time zone), and is removed once
          our server has received it.
        </p>
        <p>
          So you can check all this yourself, Settings has a &ldquo;What left this device&rdquo; list: the last 50 requests this browser
          sent to our server with data in them, each with its address, time and exact content. Passwords and password-reset tokens are never
          kept in it. The list is kept only in this browser&apos;s local storage, is never sent anywhere, and you can clear it there at any
          time.
        </p>
        <PrivacyMailbox />

        <h3>What we store on our servers</h3>
        <ul>
          <li>
            <strong>Your account:</strong> your name, your e-mail address, your user id (a number we assign) and your password, stored only
            as an Argon2id hash — we never store or see the password itself. When you register we e-mail you a link to confirm your address,
            and note when you confirmed it.
          </li>
          <li>
            <strong>Your session:</strong> when you sign in we give your browser a random token in an httpOnly cookie. We keep only a
            SHA-256 hash of that token. A session expires after 30 days without use; each visit extends it (a sliding expiry).
          </li>
          <li>
            <strong>Your settings and preferences,</strong> so they follow you across devices.
          </li>
          <li>
            <strong>Aggregate scan results and their history:</strong> counts and total bytes per category (photos, files, apps, e-mail),
            the number of duplicate, large and old items, the number and bytes of similar, blurry and screenshot photos, and your health
            score — one record per scan.
          </li>
          <li>
            <strong>Cleanup events:</strong> the category, the action taken, the number of items and the bytes freed. These build your
            progress, daily goal, achievements and streak.
          </li>
          <li>
            <strong>Your time zone</strong> (for example &ldquo;Europe/Berlin&rdquo;), sent with cleanup events and streak updates so that
            &ldquo;today&rdquo; for your goal and streak is your day, not the server&rsquo;s.
          </li>
          <li>
            <strong>Saved filter presets</strong> and your <strong>cleanup streak</strong>.
          </li>
          <li>
            <strong>Subscription status:</strong> your plan and its state, with the customer and subscription ids that our payment
            processor, Stripe, assigns. We never receive your card number.
          </li>
          <li>
            <strong>The early-access list:</strong> if you sign up for launch news, your e-mail address, where you signed up (for example,
            the landing page) and the topics you asked about.
          </li>
          <li>
            <strong>Account e-mail we send:</strong> a copy of each message (your address, the subject and the text) in an outbox on our
            server until it is delivered and for a few days after — see &ldquo;How long we keep it&rdquo;.
          </li>
          <li>
            <strong>Rate limits:</strong> to stop abuse such as password guessing, we count attempts per IP address (signing in,
            registering, resetting a password, joining the early-access list) and per e-mail address (signing in and password resets). Each
            count is stored with that IP address or e-mail address in a rate-limit table on our server (or our Redis store on larger
            installations) for the length of its window — from one minute to one hour — and then deleted.
          </li>
          <li>
            <strong>Technical data:</strong> like any web server, ours sees your IP address with each request; besides the rate limits
            above, it appears only in the server&apos;s operational logs.
          </li>
          <li>
            <strong>Technical records that keep your data correct:</strong> the random ids of offline changes we have applied and of Stripe
            payment events we have processed, so nothing is counted twice.
          </li>
        </ul>

        <h3>Cookies and tracking</h3>
        <p>
          We use no analytics, no advertising and no tracking cookies. The only cookie CleanSpace sets is the session cookie that keeps you
          signed in. When you open the payment form, it is provided by Stripe, whose own script may use cookies to prevent fraud under
          Stripe&apos;s privacy policy.
        </p>
      </LegalSection>

      <LegalSection id="how-we-use" title="How We Use Your Information">
        <ul>
          <li>
            To run your account: signing you in, keeping your settings in sync and showing your health score, history, insights and streak.
          </li>
          <li>To take payments and manage your subscription, through Stripe.</li>
          <li>To send account e-mail you need: the link that confirms your address when you register, and password-reset messages.</li>
          <li>To tell the people on the early-access list when CleanSpace launches.</li>
          <li>To keep the service secure and working: rate limits, abuse prevention and fixing errors.</li>
        </ul>
        <p>
          We do not sell your information, we do not show ads, and we do not build profiles of you. Recommendations and suggestions are
          computed from your own totals, on your device or on our server, only to show them to you.
        </p>
        <PrivacyRetention />
        <h3>Children</h3>
        <p>
          CleanSpace is not intended for children under 13 (under 16 in the European Union), and we do not knowingly collect their
          information. If you believe a child has given us information, contact us and we will delete it.
        </p>
      </LegalSection>

      <LegalSection id="data-security" title="Data Security">
        <p>
          The strongest protection is not having your data at all: your files, their contents and their names never reach our servers, so
          they cannot leak from us. For what we do keep:
        </p>
        <ul>
          <li>Passwords are hashed with Argon2id; session tokens are stored only as SHA-256 hashes.</li>
          <li>The session cookie is httpOnly (scripts cannot read it), limited to our site, and sent only over HTTPS in production.</li>
          <li>
            Changes requested from other websites are refused, sign-in and signup forms are rate limited, and a strict Content Security
            Policy limits what the pages can load.
          </li>
          <li>Card details are entered in Stripe&apos;s payment form and go straight to Stripe, never to our server.</li>
        </ul>
        <p>No system is perfectly secure. If a breach ever affects your information, we will tell you promptly and as the law requires.</p>
      </LegalSection>
    </>
  );
}
