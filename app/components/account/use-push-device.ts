import { useEffect, useState } from "react";
import { base64UrlBytes, PUSH_TEXTS } from "~/domain/web-push";

type DeviceState = "checking" | "unsupported" | "denied" | "off" | "on" | "busy";

function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function sendSubscription(method: "POST" | "DELETE", body: unknown): Promise<string | null> {
  const response = await fetch("/api/push/subscriptions", {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.ok) return null;
  const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  return answer?.error?.message ?? PUSH_TEXTS.failed;
}

/**
 * This device's push subscription (ADR 0045): whether the browser can and may push, whether it is
 * subscribed; turning it on asks for the permission, subscribes with the server's key and tells the
 * server (`POST /api/push/subscriptions`); turning it off tells the server first, then unsubscribes.
 */
export function usePushDevice(vapidPublicKey: string) {
  const [state, setState] = useState<DeviceState>("checking");
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!pushSupported()) return setState("unsupported");
    if (Notification.permission === "denied") return setState("denied");
    currentSubscription().then(
      (subscription) => setState(subscription ? "on" : "off"),
      () => setState("off"),
    );
  }, []);

  const turnOn = async () => {
    setState("busy");
    setMessage(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return setState(permission === "denied" ? "denied" : "off");
      await navigator.serviceWorker.register("/sw.js");
      const registration = await navigator.serviceWorker.ready;
      const key = base64UrlBytes(vapidPublicKey);
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: key ? new Uint8Array(key) : null,
        }));
      const refused = await sendSubscription("POST", subscription.toJSON());
      if (refused) {
        await subscription.unsubscribe().catch(() => false);
        setMessage(refused);
        return setState("off");
      }
      setState("on");
    } catch {
      setMessage(PUSH_TEXTS.failed);
      setState("off");
    }
  };

  const turnOff = async () => {
    setState("busy");
    setMessage(null);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await sendSubscription("DELETE", { endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setState("off");
    } catch {
      setMessage(PUSH_TEXTS.failed);
      setState("on");
    }
  };

  return { state, message, turnOn, turnOff };
}
