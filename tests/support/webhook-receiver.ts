import { createServer } from "node:http";

/** What a webhook use case answers: ok, or the reason it refused. */
interface WebhookOutcome {
  ok: boolean;
  error?: string;
}

export interface WebhookReceiver {
  close(): Promise<void>;
}

/**
 * The app's payment webhook endpoint as the fake provider reaches it over HTTP: the raw body and
 * the `Stripe-Signature` header handed to `handle` (the use case under test), answered as the
 * route answers (200; 400 for a bad signature or a session of another order; 409 for anything
 * else, which the provider retries).
 */
export async function startWebhookReceiver(
  port: number,
  handle: (rawBody: Buffer, signature: string | null) => Promise<WebhookOutcome>,
): Promise<WebhookReceiver> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const result = await handle(
      Buffer.concat(chunks),
      (req.headers["stripe-signature"] as string | undefined) ?? null,
    );
    const refused = result.error === "bad_signature" || result.error === "order_mismatch";
    res.writeHead(result.ok ? 200 : refused ? 400 : 409, {
      "content-type": "application/json",
    });
    res.end(JSON.stringify(result));
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
