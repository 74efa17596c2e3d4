import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/**
 * A map tile server for the end-to-end suite: every `/tiles/{z}/{x}/{y}.png` is the same 256×256
 * PNG (a light grid, so screenshots show where the tiles are), on an ephemeral loopback port.
 */
export async function startTileServer(): Promise<{ server: Server; origin: string }> {
  const grid = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
      <rect width="256" height="256" fill="#eef2f0"/>
      <path d="M0 0H256V256" fill="none" stroke="#cfd8d3" stroke-width="2"/>
      <path d="M0 128H256M128 0V256" stroke="#dde4e0" stroke-width="1"/>
    </svg>`,
  );
  const png = await sharp(grid).png().toBuffer();
  const server = createServer((req, res) => {
    if (req.method === "GET" && /^\/tiles\/\d+\/\d+\/\d+\.png$/.test(req.url ?? "")) {
      res.writeHead(200, {
        "content-type": "image/png",
        "content-length": png.length,
        "cache-control": "public, max-age=3600",
        "access-control-allow-origin": "*",
      });
      res.end(png);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}
