// Boots the server. Everything else is TypeScript: in development Vite loads server/main.ts on the
// fly (hot reload of routes); in production the same file, bundled by `react-router build`, is
// build/server/index.js.
const dev = process.argv.includes("--dev");

if (dev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { main } = await vite.ssrLoadModule("./server/main.ts");
  await main({ vite });
} else {
  const { main } = await import("./build/server/index.js");
  await main({});
}
