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
  // The built server renders with React's production build whatever NODE_ENV says (ADR 0042):
  // NODE_ENV chooses the app's mode (demo data, the test payment provider, /dev/mail), while
  // React's development checks belong to `npm run dev`. React picks its build when first loaded.
  const mode = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await Promise.all([
      import("react"),
      import("react/jsx-runtime"),
      import("react-dom"),
      import("react-dom/server"),
    ]);
  } finally {
    if (mode === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = mode;
  }
  const { main } = await import("./build/server/index.js");
  await main({});
}
