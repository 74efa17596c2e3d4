import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { vendorFetch } from "~/.server/integrations/sns/http";

// The vendors' HTTP calls (app/.server/integrations/sns/http.ts) against a loopback server that
// drops connections: a read is sent once more on a new connection, a write never is.
describe("vendorFetch and dropped connections", () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  /** A server that resets the first `drops` connections before answering, then answers JSON. */
  async function dropping(drops: number): Promise<{ url: string; requests: () => number }> {
    let seen = 0;
    server = createServer((req, res) => {
      seen++;
      if (seen <= drops) {
        req.socket.destroy();
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ ok: seen }));
    });
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/v1/me`, requests: () => seen };
  }

  it("sends a GET again once when the connection drops, within the same budget", async () => {
    const vendor = await dropping(1);
    const answer = await vendorFetch("instagram", vendor.url, { timeoutMs: 5_000 });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ ok: 2 });
    expect(vendor.requests()).toBe(2);
  });

  it("gives up after the second drop and names the socket's failure", async () => {
    const vendor = await dropping(2);
    await expect(vendorFetch("instagram", vendor.url, { timeoutMs: 5_000 })).rejects.toThrow(
      /request failed: fetch failed \((ECONNRESET|UND_ERR_SOCKET)\)/,
    );
    expect(vendor.requests()).toBe(2);
  });

  it("never sends a POST twice", async () => {
    const vendor = await dropping(1);
    await expect(
      vendorFetch("tiktok", vendor.url, { method: "POST", body: "a=1", timeoutMs: 5_000 }),
    ).rejects.toThrow(/request failed/);
    expect(vendor.requests()).toBe(1);
  });
});
