/*
 * The service worker of ヨルナビ (ADR 0045): it shows a web push as a notification and, when it is
 * tapped, focuses a tab of the site on its page or opens one. Nothing else: no page is cached and
 * no request goes through it, so the site behaves exactly as without it.
 *
 * A push's data is the JSON {title, body, url, tag} the server encrypted for this device; `url`
 * is a path of this site (anything else opens the top page).
 */
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

const sitePath = (url) =>
  typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : "/";

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === "string" && data.title ? data.title : "ヨルナビ";
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === "string" ? data.body : "",
      tag: typeof data.tag === "string" && data.tag ? data.tag : undefined,
      // A new message of the same conversation replaces the last one but still rings.
      renotify: typeof data.tag === "string" && data.tag.startsWith("room:"),
      icon: "/icon-192.png",
      badge: "/badge-96.png",
      lang: "ja",
      data: { url: sitePath(data.url) },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(sitePath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const same = windows.find((client) => client.url === target);
      if (same) return same.focus();
      const tab = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (tab) {
        const moved = await tab.navigate(target).catch(() => null);
        if (moved) return moved.focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});
