import { type AppLoadContext, data } from "react-router";

/**
 * The development tools (`/dev/*`: the mail outbox with its verification and reset links) exist
 * only outside production (README "Configuration") and answer only this machine: a server started without
 * NODE_ENV=production on a public address must not hand anyone the reset links of its users.
 */
export function requireDevTools(context: AppLoadContext): void {
  if (context.env.isProduction || !context.fromLoopback) throw data(null, { status: 404 });
}
