/*
 * Added to the Workbox service worker (vite.config.ts, workbox.importScripts): shows the
 * daily reminder when periodic background sync wakes the worker with the page closed
 * (src/client/lib/reminders/daily-reminder.ts registers it), and opens the app on a tap.
 * The texts and tag match src/domain/reminders.ts and daily-reminder.ts (a unit test checks).
 */
const REMINDER_TAG = "cleanspace-daily-reminder";
const REMINDER_TITLE = "Time for today's cleanup";
const REMINDER_BODY = "A few minutes keeps your streak going and your score up.";

self.addEventListener("periodicsync", (event) => {
  if (event.tag !== REMINDER_TAG) return;
  event.waitUntil(self.registration.showNotification(REMINDER_TITLE, { body: REMINDER_BODY, icon: "/icons/icon-192.png", tag: REMINDER_TAG }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      return open ? open.focus() : self.clients.openWindow("/home");
    }),
  );
});
