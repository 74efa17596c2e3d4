/**
 * `npm run fakes`: the three fake vendor servers on fixed local ports with demo accounts, and the
 * variables that point `npm run dev` at them (ADR 0023).
 *
 *   npm run fakes -- [--instagram-port 4710] [--tiktok-port 4711] [--youtube-port 4712]
 */
import { parseArgs } from "node:util";
import { startFakeInstagram } from "./instagram";
import { startFakeStripe } from "./stripe";
import { startFakeTikTok } from "./tiktok";
import { startFakeYouTube } from "./youtube";

const { values } = parseArgs({
  options: {
    "instagram-port": { type: "string", default: "4710" },
    "tiktok-port": { type: "string", default: "4711" },
    "youtube-port": { type: "string", default: "4712" },
    "stripe-port": { type: "string", default: "4713" },
    "webhook-url": { type: "string", default: "http://localhost:3000/api/payments/webhook" },
  },
});

const instagram = await startFakeInstagram({ port: Number(values["instagram-port"]), seed: true });
const tiktok = await startFakeTikTok({ port: Number(values["tiktok-port"]), seed: true });
const youtube = await startFakeYouTube({ port: Number(values["youtube-port"]), seed: true });

const stripe = await startFakeStripe({
  port: Number(values["stripe-port"]),
  webhookUrl: values["webhook-url"],
});

const env = { ...instagram.env, ...tiktok.env, ...youtube.env, ...stripe.env };
console.log("Fake SNS vendors are running:");
console.log(
  `  Instagram ${instagram.url}  accounts: ${[...instagram.accounts.values()].map((a) => `@${a.username}`).join(", ")}`,
);
console.log(
  `  TikTok    ${tiktok.url}  users: ${[...tiktok.users.values()].map((u) => u.displayName).join(", ")}`,
);
console.log(
  `  YouTube   ${youtube.url}  channels: ${[...youtube.channels.values()].map((c) => `${c.handle} (${c.channelId})`).join(", ")}`,
);
console.log(`  Stripe    ${stripe.url}  webhooks to ${stripe.webhookUrl}`);
console.log("\nPoint the app at them: paste these into the shell that runs `npm run dev`:\n");
for (const [name, value] of Object.entries(env)) console.log(`export ${name}=${value}`);
console.log(
  "\nKnobs (GET): /__fake/rate-limit?retry_after=30&times=1 · /__fake/expire-all · /__fake/revoke-all · /__fake/state;" +
    " YouTube also /__fake/feed-outage?status=500 (no status: back to normal) · /__fake/quota?exhausted=true",
);

const stop = async () => {
  await Promise.all([instagram.close(), tiktok.close(), youtube.close(), stripe.close()]);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
