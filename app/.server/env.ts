import { createECDH, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { zenginConsignorFromEnv, zenginEnvGiven } from "~/domain/admin-payouts";
import { type ManualVideo, ManualVideosSchema } from "~/domain/manual-videos";
import type { Operator } from "~/domain/operator";
import { type InvoiceIssuer, REGISTRATION_NUMBER_PATTERN } from "~/domain/qualified-invoice";
import { DEFAULT_PUSH_SERVICE_HOSTS } from "~/domain/web-push";
import type { S3Config } from "./integrations/storage/s3-storage";

/**
 * Configuration (README "Configuration"), parsed once at start. A bad value stops the server with a message
 * that names the variable, instead of failing later in some request.
 */
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

function baseUrl(fallback: string) {
  return z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).default(fallback));
}

/** OpenStreetMap's standard tiles and the attribution their tile usage policy requires. */
export const DEFAULT_TILE_URL = "https://tile.openstreetmap.org/{z}/{x}/{y}.png";
export const DEFAULT_TILE_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const EnvSchema = z.object({
  NODE_ENV: z.preprocess(
    emptyToUndefined,
    z.enum(["development", "production", "test"]).default("development"),
  ),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).default(3000)),
  BASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
  SMTP_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("no-reply@localhost")),
  /** Wait before the first retry of a failed delivery; each further retry waits about twice as long. */
  MAIL_RETRY_DELAY_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(3600).default(30),
  ),
  AUTH_SECRET: z.preprocess(emptyToUndefined, z.string().min(32).optional()),
  /** Express `trust proxy`: unset/false = use the socket address; a hop count or addresses otherwise. */
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(false|true|\d+|[0-9a-fA-F.:/, ]+|loopback|linklocal|uniquelocal)$/)
      .optional(),
  ),
  /** HTTP worker processes: a number or `auto` (one per core). More than 1 needs DATABASE_URL. */
  WEB_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.union([z.literal("auto"), z.coerce.number().int().min(1).max(64)]).optional(),
  ),
  /**
   * The process's page cache of signed-out public pages and API answers (ADR 0062), in MiB;
   * 0 turns it off.
   */
  PAGE_CACHE_MB: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(4096).default(32)),
  /** Realtime (ADR 0018): open event streams one account may hold per server process. */
  REALTIME_MAX_STREAMS_PER_ACCOUNT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(100_000).default(10),
  ),
  /** Realtime: seconds between the heartbeat comments of an idle event stream. */
  REALTIME_HEARTBEAT_SECONDS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(300).default(20),
  ),
  /** Fill an empty database with demo data at start (development only). */
  SEED_DEMO: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
  // The operator as the law wants it shown (特定商取引法, 個人情報保護法) and where inquiries go.
  OPERATOR_NAME: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  OPERATOR_REPRESENTATIVE: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  OPERATOR_ADDRESS: z.preprocess(emptyToUndefined, z.string().max(300).optional()),
  OPERATOR_PHONE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9+()\- ]{6,30}$/)
      .optional(),
  ),
  OPERATOR_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  // The issuer of the plan receipts as qualified invoices (適格請求書, ADR 0061).
  INVOICE_ISSUER_NAME: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  INVOICE_REGISTRATION_NUMBER: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(REGISTRATION_NUMBER_PATTERN, "must be T followed by 13 digits (適格請求書発行事業者登録番号)")
      .optional(),
  ),
  /** The manual videos of the back office: a JSON array of {title, youtube_id, audience?, description?}. */
  MANUAL_VIDEOS: z.preprocess(emptyToUndefined, z.string().optional()),
  // S3-compatible object storage for uploads (ADR 0016); the local disk when S3_BUCKET is unset.
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  S3_BUCKET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
      .optional(),
  ),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().max(64).optional()),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().max(256).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().max(256).optional()),
  S3_PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^https?$/ }).optional()),
  // SNS vendors (ADR 0023): credentials are optional (without them the link is "not configured");
  // base URLs exist so tests and `npm run fakes` can point the real clients at local fakes.
  INSTAGRAM_CLIENT_ID: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  INSTAGRAM_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  INSTAGRAM_AUTH_BASE: baseUrl("https://www.instagram.com"),
  INSTAGRAM_API_BASE: baseUrl("https://api.instagram.com"),
  INSTAGRAM_GRAPH_BASE: baseUrl("https://graph.instagram.com"),
  TIKTOK_CLIENT_KEY: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  TIKTOK_CLIENT_SECRET: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  TIKTOK_AUTH_BASE: baseUrl("https://www.tiktok.com"),
  TIKTOK_API_BASE: baseUrl("https://open.tiktokapis.com"),
  YOUTUBE_API_KEY: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  YOUTUBE_API_BASE: baseUrl("https://www.googleapis.com/youtube/v3"),
  YOUTUBE_FEED_BASE: baseUrl("https://www.youtube.com"),
  /** Minutes between two imports of one linked account (ADR 0024). */
  SNS_IMPORT_INTERVAL_MIN: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1440).default(15),
  ),
  /** Map tiles (ADR 0028): an XYZ template with {z}, {x}, {y} (and optionally {s}, {r}). */
  MAP_TILE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(isTileTemplate, { message: "must be an http(s) URL template containing {z}, {x} and {y}" })
      .default(DEFAULT_TILE_URL),
  ),
  /** What the map shows in its corner; the tile provider's terms decide it. */
  MAP_TILE_ATTRIBUTION: z.preprocess(emptyToUndefined, z.string().max(500).default(DEFAULT_TILE_ATTRIBUTION)),
  // Live streaming (ADR 0031).
  /** `embedded` (an SFU in a child process of this server) or `livekit`; default: livekit when LIVEKIT_URL is set. */
  LIVE_MEDIA: z.preprocess(emptyToUndefined, z.enum(["embedded", "livekit"]).optional()),
  /** ICE servers for the browsers (and STUN for the embedded SFU): a JSON array of {urls, username?, credential?}. */
  LIVE_ICE_SERVERS: z.preprocess(emptyToUndefined, z.string().max(5_000).optional()),
  /** UDP ports the embedded SFU may use, `min-max` (open them in the firewall). */
  LIVE_UDP_PORTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{1,5}-\d{1,5}$/)
      .optional(),
  ),
  /** Open live event streams one signed-out address may hold per process (phones behind one carrier address). */
  LIVE_STREAMS_PER_ADDRESS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1_000_000).default(500),
  ),
  LIVEKIT_URL: z.preprocess(emptyToUndefined, z.url({ protocol: /^(https?|wss?)$/ }).optional()),
  LIVEKIT_API_KEY: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  LIVEKIT_API_SECRET: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  /** Payments (ADR 0032): `stripe`, or `test` (an on-site checkout; refused in production). */
  PAYMENT_PROVIDER: z.preprocess(emptyToUndefined, z.enum(["test", "stripe"]).optional()),
  STRIPE_SECRET_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(sk|rk)_[A-Za-z0-9_]+$/)
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9_+/=]+$/)
      .optional(),
  ),
  STRIPE_API_BASE: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/ }).default("https://api.stripe.com"),
  ),
  // Web push (ADR 0045): the VAPID key pair (base64url, as web-push generates it) and its contact.
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "must be the 65-byte P-256 public key in base64url (87 characters)")
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be the 32-byte P-256 private key in base64url (43 characters)")
      .optional(),
  ),
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, "must be a mailto: or https: URL")
      .optional(),
  ),
  /** Push services subscriptions may point at in production: host names, `*.` for subdomains, comma-separated. */
  PUSH_SERVICE_HOSTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(\*\.)?[a-z0-9.-]+(\s*,\s*(\*\.)?[a-z0-9.-]+)*$/i)
      .optional(),
  ),
});

/** Development stand-ins, worded so nobody mistakes them for real details. */
export const PLACEHOLDER_OPERATOR = {
  OPERATOR_NAME: "ヨルナビ運営事務局（開発用の仮表示）",
  OPERATOR_REPRESENTATIVE: "運営責任者（開発用の仮表示）",
  OPERATOR_ADDRESS: "〒000-0000 東京都（開発用の仮表示・実在しない住所）",
  OPERATOR_PHONE: "00-0000-0000",
  OPERATOR_EMAIL: "operator@example.com",
} as const;

const OPERATOR_VARIABLES = Object.keys(PLACEHOLDER_OPERATOR) as (keyof typeof PLACEHOLDER_OPERATOR)[];

export interface Env {
  nodeEnv: "development" | "production" | "test";
  isProduction: boolean;
  port: number;
  baseUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Seconds before a failed mail is tried again (doubling up to 8 retries, then `failed`). */
  mailRetryDelaySeconds: number;
  authSecret: string;
  seedDemo: boolean;
  trustProxy: boolean | number | string;
  /** HTTP worker processes (1: the server is one process; ADR 0014). */
  workers: number;
  /** Bytes of the process's page cache (ADR 0062); 0: off. */
  pageCacheBytes: number;
  operator: Operator;
  /**
   * The issuer printed on the plan receipts (ADR 0061); undefined in production without
   * INVOICE_REGISTRATION_NUMBER (no receipts are offered then).
   */
  invoiceIssuer: InvoiceIssuer | undefined;
  manualVideos: ManualVideo[];
  /** S3-compatible storage for uploads; undefined: the local disk under DATA_DIR/uploads. */
  s3: S3Config | undefined;
  realtime: { maxStreamsPerAccount: number; heartbeatSeconds: number };
  /** SNS vendor ports (ADR 0023); `configured` false: the connect button explains it is not set up. */
  sns: SnsEnv;
  /** Map tiles for the map pages (ADR 0028): passed to the pages by their loaders. */
  map: MapEnv;
  /** Live streaming (ADR 0031); the cap and blocked words are remote configuration (`liveSettings()`). */
  live: LiveEnv;
  /** The payment provider of coin packs (ADR 0032). */
  payments: PaymentsEnv;
  /** Web push (ADR 0045); `vapid` is filled by `ensureVapidKeys` outside production. */
  push: PushEnv;
}

export interface PushEnv {
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** Hosts a production subscription may point at (`*.` for subdomains). */
  allowHosts: string[];
}

export interface PaymentsEnv {
  /** `none`: production without PAYMENT_PROVIDER — coin packs are shown, buying says it is not open. */
  provider: "test" | "stripe" | "none";
  stripe: { secretKey: string; webhookSecret: string; apiBase: string } | undefined;
}

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export interface LiveEnv {
  media: "embedded" | "livekit";
  iceServers: IceServer[];
  udpPorts: [number, number] | undefined;
  streamsPerAddress: number;
  livekit: { url: string; apiKey: string; apiSecret: string } | undefined;
}

export interface MapEnv {
  /** XYZ template (`{z}/{x}/{y}`), as Leaflet takes it. */
  tileUrl: string;
  /** Attribution HTML shown on the map (Leaflet's attribution control renders it). */
  tileAttribution: string;
  /** The origin of the tiles, allowed in the CSP's img-src. */
  tileOrigin: string;
}

export interface SnsEnv {
  instagram: {
    configured: boolean;
    clientId: string;
    clientSecret: string;
    authBase: string;
    apiBase: string;
    graphBase: string;
  };
  tiktok: { configured: boolean; clientKey: string; clientSecret: string; authBase: string; apiBase: string };
  /** The feed needs no key, so YouTube is always usable; `apiKey` switches to the Data API. */
  youtube: { configured: true; apiKey: string | undefined; apiBase: string; feedBase: string };
  /** SNS_IMPORT_INTERVAL_MIN: minutes between two imports of one linked account. */
  importIntervalMin: number;
}

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/**
 * The platform's account for 全銀 transfer files (ADR 0036) is read when the payouts page asks
 * (`services/payouts/zengin-consignor.ts`, which tells the operator what is missing). Unset is a
 * valid state (the account saved at `/admin/settings/transfer` applies, ADR 0053, or no export
 * yet); set but wrong stops the server here, naming the variable.
 */
function checkZengin(source: Record<string, string | undefined>, issues: string[]): void {
  if (!zenginEnvGiven(source)) return;
  for (const name of zenginConsignorFromEnv(source).missing)
    issues.push(
      `${name}: missing or malformed while other ZENGIN_* variables are set (docs/deployment.md; got ${JSON.stringify(source[name] ?? "")})`,
    );
}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join(".");
        return `${name}: ${issue.message} (got ${JSON.stringify(source[name] ?? "")})`;
      }),
    );
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  const issues: string[] = [];
  if (isProduction && !e.AUTH_SECRET)
    issues.push("AUTH_SECRET: required (32+ characters) when NODE_ENV=production");
  // The legal pages must never show a placeholder on the public site.
  if (isProduction)
    for (const name of OPERATOR_VARIABLES)
      if (!e[name])
        issues.push(`${name}: required when NODE_ENV=production (shown on /specified-commercial)`);
  const manualVideos = parseManualVideos(e.MANUAL_VIDEOS, issues);
  // One process unless asked (ADR 0014): with the database on the same cores, more workers only
  // trade tail latency for throughput. `auto` is one per core; PGlite allows one process.
  const workers =
    e.WEB_CONCURRENCY === "auto"
      ? e.DATABASE_URL
        ? Math.min(os.availableParallelism(), 64)
        : 1
      : (e.WEB_CONCURRENCY ?? 1);
  if (workers > 1 && !e.DATABASE_URL)
    issues.push(
      `WEB_CONCURRENCY: more than 1 worker needs DATABASE_URL; the embedded database allows one process (got ${JSON.stringify(source.WEB_CONCURRENCY)})`,
    );
  const s3 = parseS3(e, issues);
  const sns = parseSns(e, issues);
  const live = parseLive(e, issues, workers);
  const payments = parsePayments(e, issues, isProduction);
  const push = parsePush(e, issues, isProduction);
  checkZengin(source, issues);
  if (issues.length > 0) throw new EnvError(issues);

  const dataDir = path.resolve(e.DATA_DIR);
  return {
    nodeEnv: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailRetryDelaySeconds: e.MAIL_RETRY_DELAY_SECONDS,
    authSecret: e.AUTH_SECRET ?? "",
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === "true" : !isProduction,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    workers,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    operator: {
      name: e.OPERATOR_NAME ?? PLACEHOLDER_OPERATOR.OPERATOR_NAME,
      representative: e.OPERATOR_REPRESENTATIVE ?? PLACEHOLDER_OPERATOR.OPERATOR_REPRESENTATIVE,
      address: e.OPERATOR_ADDRESS ?? PLACEHOLDER_OPERATOR.OPERATOR_ADDRESS,
      phone: e.OPERATOR_PHONE ?? PLACEHOLDER_OPERATOR.OPERATOR_PHONE,
      email: e.OPERATOR_EMAIL ?? PLACEHOLDER_OPERATOR.OPERATOR_EMAIL,
      isPlaceholder: OPERATOR_VARIABLES.some((name) => !e[name]),
    },
    invoiceIssuer: parseInvoiceIssuer(e, isProduction),
    manualVideos,
    s3,
    realtime: {
      maxStreamsPerAccount: e.REALTIME_MAX_STREAMS_PER_ACCOUNT,
      heartbeatSeconds: e.REALTIME_HEARTBEAT_SECONDS,
    },
    sns,
    map: {
      tileUrl: e.MAP_TILE_URL,
      tileAttribution: e.MAP_TILE_ATTRIBUTION,
      tileOrigin: tileOrigin(e.MAP_TILE_URL),
    },
    live,
    payments,
    push,
  };
}

/** Development stand-in of the registration number: "T" and 13 zeros, marked as such on the receipt. */
export const PLACEHOLDER_REGISTRATION_NUMBER = "T0000000000000";

/**
 * The issuer of the receipts: INVOICE_ISSUER_NAME (else the operator, OPERATOR_NAME) and
 * INVOICE_REGISTRATION_NUMBER; outside production marked stand-ins fill what is missing.
 */
function parseInvoiceIssuer(e: z.infer<typeof EnvSchema>, isProduction: boolean): InvoiceIssuer | undefined {
  const name = e.INVOICE_ISSUER_NAME ?? e.OPERATOR_NAME;
  if (isProduction) {
    if (!e.INVOICE_REGISTRATION_NUMBER || !name) return undefined;
    return { name, registrationNumber: e.INVOICE_REGISTRATION_NUMBER, isPlaceholder: false };
  }
  return {
    name: name ?? PLACEHOLDER_OPERATOR.OPERATOR_NAME,
    registrationNumber: e.INVOICE_REGISTRATION_NUMBER ?? PLACEHOLDER_REGISTRATION_NUMBER,
    isPlaceholder: !name || !e.INVOICE_REGISTRATION_NUMBER,
  };
}

/** Web push: the three VAPID variables together, required in production (ADR 0045). */
function parsePush(e: z.infer<typeof EnvSchema>, issues: string[], isProduction: boolean): PushEnv {
  const given = [e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY, e.VAPID_SUBJECT];
  const names = ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const;
  if (isProduction || given.some(Boolean))
    for (const [i, name] of names.entries())
      if (!given[i])
        issues.push(
          isProduction
            ? `${name}: required when NODE_ENV=production (web push; docs/deployment.md says how to make the keys)`
            : `${name}: missing while other VAPID_* variables are set`,
        );
  return {
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY && e.VAPID_SUBJECT
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT }
        : undefined,
    allowHosts: e.PUSH_SERVICE_HOSTS
      ? e.PUSH_SERVICE_HOSTS.split(",").map((host) => host.trim().toLowerCase())
      : [...DEFAULT_PUSH_SERVICE_HOSTS],
  };
}

/**
 * Payments: `test` is the default outside production and refused in it (ADR 0032); production
 * without PAYMENT_PROVIDER sells nothing (`none`) rather than refusing to start.
 */
function parsePayments(e: z.infer<typeof EnvSchema>, issues: string[], isProduction: boolean): PaymentsEnv {
  const provider = e.PAYMENT_PROVIDER ?? (isProduction ? "none" : "test");
  if (isProduction && provider === "test")
    issues.push("PAYMENT_PROVIDER: test is refused when NODE_ENV=production (use stripe)");
  if (provider !== "stripe") return { provider, stripe: undefined };
  if (!e.STRIPE_SECRET_KEY) issues.push("STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe");
  if (!e.STRIPE_WEBHOOK_SECRET) issues.push("STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe");
  if (!e.STRIPE_SECRET_KEY || !e.STRIPE_WEBHOOK_SECRET) return { provider, stripe: undefined };
  return {
    provider,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE.replace(/\/+$/, ""),
    },
  };
}

const IceServersSchema = z
  .array(
    z.object({
      urls: z.union([
        z.string().regex(/^(stun|stuns|turn|turns):/),
        z.array(z.string().regex(/^(stun|stuns|turn|turns):/)).min(1),
      ]),
      username: z.string().max(500).optional(),
      credential: z.string().max(500).optional(),
    }),
  )
  .max(10);

/** Live streaming: the media transport and its parts (ADR 0031). */
function parseLive(e: z.infer<typeof EnvSchema>, issues: string[], workers: number): LiveEnv {
  const names = ["LIVEKIT_URL", "LIVEKIT_API_KEY", "LIVEKIT_API_SECRET"] as const;
  const given = names.filter((name) => e[name] !== undefined);
  if (given.length > 0 && given.length < names.length)
    for (const name of names)
      if (e[name] === undefined) issues.push(`${name}: required when any LIVEKIT_* variable is set`);
  const livekit =
    e.LIVEKIT_URL && e.LIVEKIT_API_KEY && e.LIVEKIT_API_SECRET
      ? { url: e.LIVEKIT_URL.replace(/\/+$/, ""), apiKey: e.LIVEKIT_API_KEY, apiSecret: e.LIVEKIT_API_SECRET }
      : undefined;
  const media = e.LIVE_MEDIA ?? (livekit ? "livekit" : "embedded");
  if (media === "livekit" && !livekit && given.length === 0)
    issues.push("LIVE_MEDIA: livekit needs LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET");
  let iceServers: IceServer[] = [];
  if (e.LIVE_ICE_SERVERS !== undefined) {
    try {
      const parsed = IceServersSchema.safeParse(JSON.parse(e.LIVE_ICE_SERVERS));
      if (parsed.success) iceServers = parsed.data;
      else
        issues.push(
          `LIVE_ICE_SERVERS: ${parsed.error.issues[0]?.path.join(".") || "value"}: ${parsed.error.issues[0]?.message}`,
        );
    } catch {
      issues.push(
        `LIVE_ICE_SERVERS: not valid JSON (got ${JSON.stringify(e.LIVE_ICE_SERVERS.slice(0, 80))})`,
      );
    }
  }
  let udpPorts: [number, number] | undefined;
  if (e.LIVE_UDP_PORTS) {
    const [min, max] = e.LIVE_UDP_PORTS.split("-").map(Number) as [number, number];
    if (min < 1024 || max > 65535 || max - min < 10)
      issues.push(
        `LIVE_UDP_PORTS: a range within 1024-65535 of at least 10 ports (got ${JSON.stringify(e.LIVE_UDP_PORTS)})`,
      );
    else udpPorts = [min, max];
  }
  // The embedded SFU holds a live's media in one process: with several HTTP workers the primary
  // holds it and the workers relay signalling to it (ADR 0031); nothing to refuse here.
  void workers;
  return {
    media,
    iceServers,
    udpPorts,
    streamsPerAddress: e.LIVE_STREAMS_PER_ADDRESS,
    livekit,
  };
}

/** An http(s) URL once its `{s}` subdomain is filled in, with the `{z}`, `{x}`, `{y}` of a tile. */
function isTileTemplate(template: string): boolean {
  if (!["{z}", "{x}", "{y}"].every((part) => template.includes(part))) return false;
  try {
    return /^https?:$/.test(new URL(template.replace(/\{s\}/g, "a")).protocol);
  } catch {
    return false;
  }
}

/** The origin of a tile template: `{s}` subdomains become a wildcard host for the CSP. */
function tileOrigin(template: string): string {
  const url = new URL(template.replace(/\{s\}/g, "a"));
  return template.includes("{s}")
    ? `${url.protocol}//*.${url.host.split(".").slice(1).join(".")}`
    : url.origin;
}

/** A vendor's id without its secret (or the reverse) stops the server instead of a broken button. */
function parseSns(e: z.infer<typeof EnvSchema>, issues: string[]): SnsEnv {
  const pairs = [
    ["INSTAGRAM_CLIENT_ID", "INSTAGRAM_CLIENT_SECRET"],
    ["TIKTOK_CLIENT_KEY", "TIKTOK_CLIENT_SECRET"],
  ] as const;
  for (const [a, b] of pairs) {
    if (e[a] && !e[b]) issues.push(`${b}: required when ${a} is set`);
    if (e[b] && !e[a]) issues.push(`${a}: required when ${b} is set`);
  }
  const trim = (url: string) => url.replace(/\/+$/, "");
  return {
    instagram: {
      configured: Boolean(e.INSTAGRAM_CLIENT_ID && e.INSTAGRAM_CLIENT_SECRET),
      clientId: e.INSTAGRAM_CLIENT_ID ?? "",
      clientSecret: e.INSTAGRAM_CLIENT_SECRET ?? "",
      authBase: trim(e.INSTAGRAM_AUTH_BASE),
      apiBase: trim(e.INSTAGRAM_API_BASE),
      graphBase: trim(e.INSTAGRAM_GRAPH_BASE),
    },
    tiktok: {
      configured: Boolean(e.TIKTOK_CLIENT_KEY && e.TIKTOK_CLIENT_SECRET),
      clientKey: e.TIKTOK_CLIENT_KEY ?? "",
      clientSecret: e.TIKTOK_CLIENT_SECRET ?? "",
      authBase: trim(e.TIKTOK_AUTH_BASE),
      apiBase: trim(e.TIKTOK_API_BASE),
    },
    youtube: {
      configured: true,
      apiKey: e.YOUTUBE_API_KEY,
      apiBase: trim(e.YOUTUBE_API_BASE),
      feedBase: trim(e.YOUTUBE_FEED_BASE),
    },
    importIntervalMin: e.SNS_IMPORT_INTERVAL_MIN,
  };
}

const S3_REQUIRED = ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const S3_VARIABLES = [...S3_REQUIRED, "S3_ENDPOINT", "S3_PUBLIC_URL"] as const;

/**
 * S3 is chosen by S3_BUCKET; a half-given set (a bucket without keys, keys without a bucket) stops
 * the server rather than quietly writing uploads to the local disk of one machine.
 */
function parseS3(e: z.infer<typeof EnvSchema>, issues: string[]): S3Config | undefined {
  if (!S3_VARIABLES.some((name) => e[name] !== undefined)) return undefined;
  const missing = S3_REQUIRED.filter((name) => e[name] === undefined);
  for (const name of missing)
    issues.push(
      `${name}: required when any S3_* variable is set (S3 storage needs ${S3_REQUIRED.join(", ")})`,
    );
  if (missing.length > 0) return undefined;
  return {
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ""),
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION!,
    accessKeyId: e.S3_ACCESS_KEY_ID!,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
    publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ""),
  };
}

function parseManualVideos(value: string | undefined, issues: string[]): ManualVideo[] {
  if (value === undefined) return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    issues.push(`MANUAL_VIDEOS: not valid JSON (got ${JSON.stringify(value.slice(0, 80))})`);
    return [];
  }
  const parsed = ManualVideosSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  issues.push(`MANUAL_VIDEOS: ${issue.path.join(".") || "value"}: ${issue.message}`);
  return [];
}

/**
 * Whether cookies (the session, drafts) carry `Secure` (ADR 0017): always when BASE_URL is https;
 * and in production behind a declared proxy (TRUST_PROXY) even with an http BASE_URL — such a
 * proxy terminates TLS in front of us, and production already sends HSTS and
 * upgrade-insecure-requests, so the browser speaks https to the site whatever BASE_URL says.
 * Development over plain http (localhost) keeps cookies without `Secure`.
 */
export function usesSecureCookies(env: Pick<Env, "baseUrl" | "isProduction" | "trustProxy">): boolean {
  if (env.baseUrl.startsWith("https://")) return true;
  return env.isProduction && env.trustProxy !== false && env.trustProxy !== 0;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * Outside production a missing AUTH_SECRET is generated once and kept in DATA_DIR, so sessions
 * survive restarts without anyone having to invent a secret for a demo.
 */
/**
 * Outside production missing VAPID keys are made once and kept in DATA_DIR (like AUTH_SECRET), so
 * devices stay subscribed across restarts; production requires them (parseEnv says so).
 */
export function ensureVapidKeys(env: Env): Env {
  if (env.push.vapid || env.isProduction) return env;
  mkdirSync(env.dataDir, { recursive: true });
  const file = path.join(env.dataDir, "vapid-keys.json");
  if (!existsSync(file)) {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    // The private key as 32 bytes: OpenSSL drops leading zero bytes.
    const secret = ecdh.getPrivateKey();
    const keys = {
      publicKey: ecdh.getPublicKey().toString("base64url"),
      privateKey: Buffer.concat([Buffer.alloc(32 - secret.length), secret]).toString("base64url"),
    };
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  }
  const keys = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  return {
    ...env,
    push: { ...env.push, vapid: { ...keys, subject: `mailto:${env.operator.email}` } },
  };
}

export function ensureAuthSecret(env: Env): Env {
  if (env.authSecret) return env;
  mkdirSync(env.dataDir, { recursive: true });
  const file = path.join(env.dataDir, "auth-secret");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return { ...env, authSecret: readFileSync(file, "utf8").trim() };
}
