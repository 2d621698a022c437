/**
 * Test support for the dashboard: the shared app harness opened on /, with the guided tour
 * already done (its own test starts it), and the stub routes a signed-in dashboard loads.
 */
import type { ReactElement } from "react";
import type { PublicUser } from "../../../../domain/schemas/auth";
import { DEFAULT_SETTINGS } from "../../../../domain/schemas/settings";
import { jsonResponse, renderWithApp as render, stubApi, type Handler } from "../../../testing/app-harness";
import { buildDigitalData, buildStreak } from "./dashboard-fixture";
import { TOUR_KEY } from "../tour/guided-tour";

export { findToast, jsonResponse, resetTestState, stubApi } from "../../../testing/app-harness";

export const TRIAL: PublicUser = {
  id: 7,
  name: "Ada",
  email: "ada@example.com",
  subscriptionStatus: "trial",
  trialEndsAt: "2026-06-01T00:00:00.000Z",
};
export const FREE: PublicUser = { ...TRIAL, subscriptionStatus: "free", trialEndsAt: null };
export const TIP = { id: 3, category: "photos", title: "Back up before you delete", content: "A copy elsewhere makes every cleanup safe." };

export function renderWithApp(ui: ReactElement, { path = "/", tour = false } = {}) {
  if (!tour) localStorage.setItem(TOUR_KEY, "true");
  return render(ui, { path });
}

/** A signed-in user (trial by default) whose server answers every dashboard call. */
export function signedIn(extra: Record<string, Handler> = {}, user: PublicUser = TRIAL) {
  return stubApi({
    "GET /api/auth/me": () => jsonResponse(200, user),
    "GET /api/digital-data/7": () => jsonResponse(200, buildDigitalData()),
    "GET /api/streaks/7": () => jsonResponse(200, buildStreak()),
    "GET /api/settings": () => jsonResponse(200, DEFAULT_SETTINGS),
    "GET /api/preferences": () => jsonResponse(200, { primaryGoal: "storage", dataTypes: [], asked: true }),
    "GET /api/tips/random": () => jsonResponse(200, TIP),
    ...extra,
  });
}

/** A visitor: the server says nobody is signed in. */
export function visitor(extra: Record<string, Handler> = {}) {
  return stubApi({
    "GET /api/auth/me": () => jsonResponse(401, { error: "Not signed in" }),
    "GET /api/tips/random": () => jsonResponse(200, TIP),
    ...extra,
  });
}
