// Fault: Stripe is unreachable (the SDK is pointed at a closed port through STRIPE_API_BASE,
// the way the tests point it at their local fake). Subscribing must answer a clear error
// quickly, and nothing may change: the account stays free, no customer id is stored.
import { rmSync } from "node:fs";
import { ensureBuilt, expect, finish, freePort, log, pgliteQuery, registerUser, startServer, tempDir } from "./harness.mjs";

ensureBuilt();
const dataDir = tempDir("stripe");
const closedPort = await freePort(); // nothing listens here: Stripe is "down"
let server;
const figures = {};
try {
  server = await startServer({
    env: {
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: "sk_test_fault_suite",
      STRIPE_PUBLISHABLE_KEY: "pk_test_fault_suite",
      STRIPE_PRICE_MONTHLY: "price_monthly_fault",
      STRIPE_PRICE_YEARLY: "price_yearly_fault",
      STRIPE_API_BASE: `http://127.0.0.1:${closedPort}`,
    },
    label: "app",
  });
  const { client, userId, email } = await registerUser(server.base, "stripedown");
  const before = await client.request("GET", "/api/subscription");

  for (const planType of ["monthly", "lifetime"]) {
    log(`POST /api/create-subscription ${planType} with Stripe unreachable`);
    const t0 = Date.now();
    const res = await client.request("POST", "/api/create-subscription", { userId, planType }, { timeoutMs: 30_000 });
    const ms = Date.now() - t0;
    figures[`${planType}Ms`] = ms;
    expect(res.status === 502, `${planType}: answers 502 (${res.status})`);
    expect(
      /^Payment provider error: /.test(res.json?.error ?? ""),
      `${planType}: a clear JSON error naming the provider ("${res.json?.error}")`,
    );
    expect(ms < 10_000, `${planType}: answers within 10 s (${ms} ms)`);
  }

  const after = await client.request("GET", "/api/subscription");
  expect(
    after.status === 200 && JSON.stringify(after.json) === JSON.stringify(before.json),
    `the subscription is unchanged (${JSON.stringify(after.json)})`,
  );
  expect(
    after.json?.status === "free" && after.json?.plan === null && after.json?.trialEndsAt === null,
    "the account is still free, with no trial used",
  );
  const config = await client.request("GET", "/api/stripe/config");
  expect(config.json?.paymentsEnabled === true, "payments stay configured (the outage is not mistaken for missing keys)");

  await server.stop();
  server = undefined;
  const [row] = await pgliteQuery(
    dataDir,
    `select subscription_status, subscription_plan, stripe_customer_id, stripe_subscription_id, trial_ends_at from users where email = '${email}'`,
  );
  expect(
    row?.subscription_status === "free" &&
      !row.subscription_plan &&
      !row.stripe_customer_id &&
      !row.stripe_subscription_id &&
      !row.trial_ends_at,
    `the user row is untouched in the database (${JSON.stringify(row)})`,
  );
} catch (err) {
  expect(false, `the suite ran to the end (${err.message})`);
} finally {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nfigures: ${JSON.stringify(figures)}`);
finish("Stripe unreachable");
