// Boots the server. Everything else is TypeScript: in development Vite loads server/main.ts on the
// fly (hot reload of routes); in production the same file, bundled by `react-router build`, is
// build/server/index.js.
const dev = process.argv.includes("--dev");

if (process.env.YORU_SFU_CHILD === "1") {
  // A child of the server: the embedded SFU of live streaming (ADR 0031), not another server.
  const { runSfuChild } = await import("./build/server/index.js");
  runSfuChild();
} else if (dev) {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const { main } = await vite.ssrLoadModule("./server/main.ts");
  await main({ vite });
} else {
  const { main } = await import("./build/server/index.js");
  await main({});
}
