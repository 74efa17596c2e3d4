import { createHash } from "node:crypto";
import { asc, eq, getTableColumns, sql, type Table } from "drizzle-orm";
import { hashPassword } from "../auth/passwords";
import type { Db } from "../db/client";
import {
  account,
  ageVerifications,
  coupons,
  favorites,
  listeners,
  liveComments,
  livers,
  lives,
  messages,
  news,
  plans,
  posts,
  roomReports,
  rooms,
  schedules,
  staffs,
  storeReviews,
  user,
} from "../db/schema";
import { stationData } from "../integrations/stations/station-directory";
import type { ObjectStorage } from "../integrations/storage/object-storage";
import { type DemoImages, ensureDemoImages } from "./demo-images";
import { DEMO_CONVERSATION, generateConversation, type NewMessage, type NewRoom } from "./generate/chats";
import {
  DEFAULT_PLANS,
  type GeneratedListener,
  type GeneratedStaff,
  type GeneratedStore,
  type NewFavorite,
  type NewSchedule,
  type PlanChoice,
} from "./generate/common";
import { generateCoupons } from "./generate/coupons";
import { type FollowTarget, generateFavoritesFor } from "./generate/favorites";
import { generateListener } from "./generate/listeners";
import { generatePastLives } from "./generate/lives";
import { generateNews } from "./generate/news";
import { pickLocation, REGION_IDS } from "./generate/places";
import { generatePostsFor } from "./generate/posts";
import { generateSchedulesFor } from "./generate/schedules";
import { generateStaff } from "./generate/staff";
import { accessFromSuggestions, generateFirstVisit, generatePrText } from "./generate/store-intro";
import { allocateStaff, generateStore, planFor, storeTypeSequence } from "./generate/stores";
import { generatePriceSystem } from "./price-systems";
import { createRandom, type Random } from "./random";
import { seedDemoMoney } from "./seed-money";

/** The password of every seeded account (demo data only: one hash is shared by all rows). */
export const DEMO_PASSWORD = "demo-pass-2026";

/** The fixed accounts every seeded database has (documented in the README). */
export const DEMO_ACCOUNTS = {
  listener: { email: "listener@demo.example", nickname: "デモユーザー" },
  store: {
    email: "store@demo.example",
    areaId: "kabukicho",
    planId: "standard",
    storeType: "girls_bar",
    staff: 8,
  },
  staff: { loginId: "demo-cast" },
} as const;

export interface SeedProgress {
  phase: string;
  done: number;
  total: number;
}

export interface SeedOptions {
  stores: number;
  staff: number;
  listeners: number;
  seed?: number;
  /** Where the demo images go (`<dataDir>/uploads/demo`). */
  dataDir: string;
  /** The upload storage when it is not that disk (S3): the demo images are copied there too. */
  storage?: ObjectStorage;
  now?: Date;
  onProgress?: (progress: SeedProgress) => void;
  /** Stops between two batches. */
  signal?: AbortSignal;
  /** Rows per INSERT statement (default 1000). */
  batchSize?: number;
  /** Posts per author on average (default 4; about 70 % of staff and 60 % of stores post). */
  postsPerAuthor?: number;
}

export interface SeedSummary {
  seed: number;
  stores: number;
  staff: number;
  listeners: number;
  favorites: number;
  schedules: number;
  news: number;
  posts: number;
  rooms: number;
  messages: number;
  users: number;
  elapsedMs: number;
}

type NewUser = typeof user.$inferInsert;
type NewAccount = typeof account.$inferInsert;

/**
 * Collects rows and writes them `size` at a time. One write may be in flight while the next batch
 * is generated, so on PostgreSQL generating and inserting overlap (PGlite runs them in turn anyway).
 */
class Batcher<T> {
  private rows: T[] = [];
  private pending: Promise<void> | undefined;
  constructor(
    private readonly size: number,
    private readonly flush: (rows: T[]) => Promise<void>,
  ) {}
  async add(row: T): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= this.size) await this.kick();
  }
  async drain(): Promise<void> {
    if (this.rows.length > 0) await this.kick();
    const pending = this.pending;
    this.pending = undefined;
    await pending;
  }
  private async kick(): Promise<void> {
    const rows = this.rows;
    this.rows = [];
    // A failed write surfaces at the next add or at drain; the no-op handler only keeps Node
    // from reporting it as unhandled in between.
    await this.pending;
    const next = this.flush(rows);
    next.catch(() => {});
    this.pending = next;
  }
}

/**
 * One multi-row INSERT of `rows` into `table`, sent as a single JSON parameter and expanded by
 * `json_populate_recordset`. Drizzle's insert builder spends more time building a 500-row
 * statement than the database spends running it; this keeps the seed bound by the database.
 * Keys are the table's TS keys; a key missing from the rows takes the column's default.
 */
export async function bulkInsert<T extends Table>(
  db: Db,
  table: T,
  rows: readonly T["$inferInsert"][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, { name: string; generated?: unknown }>;
  const keys = Object.keys(columns).filter(
    (key) =>
      !columns[key]!.generated && rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const names = keys.map((key) => columns[key]!.name);
  const payload = JSON.stringify(
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++)
        out[names[i]!] = (row as Record<string, unknown>)[keys[i]!] ?? null;
      return out;
    }),
  );
  const list = sql.raw(names.map((name) => `"${name}"`).join(", "));
  await db.execute(
    sql`insert into ${table} (${list}) select ${list} from json_populate_recordset(null::${table}, ${payload}::json)`,
  );
}

async function readPlans(db: Db): Promise<PlanChoice[]> {
  try {
    const rows = await db
      .select({ id: plans.id, limit_staff: plans.limit_staff })
      .from(plans)
      .where(eq(plans.is_active, true))
      .orderBy(asc(plans.sort_order));
    return rows.length > 0 ? rows : [...DEFAULT_PLANS];
  } catch {
    return [...DEFAULT_PLANS];
  }
}

function credentialAccount(
  random: Random,
  userId: string,
  passwordHash: string,
  createdAt: Date,
): NewAccount {
  return {
    id: random.id(),
    accountId: userId,
    providerId: "credential",
    userId,
    password: passwordHash,
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * Between two batches: let the event loop run (PGlite answers through microtasks only, so without
 * this a signal handler would not run before the whole seed is done), then stop if asked to.
 */
/** One batch of accounts in one transaction: the auth users, their credentials, the role's rows. */
async function insertAccounts<T extends Table>(
  db: Db,
  { accountRandom, passwordHash }: { accountRandom: Random; passwordHash: string },
  users: NewUser[],
  table: T,
  rows: T["$inferInsert"][],
): Promise<void> {
  const accounts = users.map((u) =>
    credentialAccount(accountRandom, u.id, passwordHash, u.createdAt as Date),
  );
  await db.transaction(async (tx) => {
    await bulkInsert(tx, user, users);
    await bulkInsert(tx, account, accounts);
    await bulkInsert(tx, table, rows);
  });
}

async function checkpoint(signal: AbortSignal | undefined): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  if (signal?.aborted) throw new Error("seeding was interrupted");
}

/**
 * Fills the database with deterministic demo data: the fixed demo accounts, then `stores` stores
 * with `staff` staff in total, `listeners` listeners, their follows and two weeks of shifts.
 * Expects the app tables to be empty. The same `seed` and `now` give the same rows and ids.
 */
/** What every phase of the seed needs: the database, the options, the clock, batching, progress. */
interface SeedRun {
  db: Db;
  options: SeedOptions;
  now: Date;
  batchSize: number;
  report: (phase: string, done: number, total: number) => void;
}

type PostAuthor = Parameters<typeof generatePostsFor>[1]["author"] & { demo: boolean; listed: boolean };

export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const started = Date.now();
  const seed = options.seed ?? 1;
  const now = options.now ?? new Date();
  const batchSize = Math.max(1, options.batchSize ?? 1000);
  const report = (phase: string, done: number, total: number) => options.onProgress?.({ phase, done, total });
  const storeCount = Math.max(0, Math.floor(options.stores));
  const staffTotal = storeCount > 0 ? Math.max(0, Math.floor(options.staff)) : 0;
  const listenerCount = Math.max(0, Math.floor(options.listeners));

  const run: SeedRun = { db, options, now, batchSize, report };
  // One generator per phase, so that e.g. more listeners do not change the stores.
  const root = createRandom(seed);
  const storeRandom = root.fork("stores");
  const staffRandom = root.fork("staff");
  const listenerRandom = root.fork("listeners");
  const favoriteRandom = root.fork("favorites");
  const scheduleRandom = root.fork("schedules");
  const accountRandom = root.fork("accounts");
  // Forked last, so adding price systems changed none of the other generated rows.
  const priceRandom = root.fork("prices");
  const newsRandom = root.fork("news");
  // Forked after the prices, so adding posts changed none of the other generated rows.
  const postRandom = root.fork("posts");
  // Forked after the posts, so adding chats changed none of the other generated rows.
  const chatRandom = root.fork("chats");
  // The store pages' tops from a generator of their own, not forked from `root`:
  // adding them changed none of the other generated rows.
  const introRandom = createRandom(seed).fork("store-intro");

  report("images", 0, 1);
  const images = await ensureDemoImages(options.dataDir, { stores: 24, staff: 48 }, options.storage);
  report("images", 1, 1);
  const planList = await readPlans(db);
  // Hashing is deliberately slow (scrypt): once for all rows.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const { storeRows, staffPerStore } = await seedStores(
    run,
    { storeRandom, priceRandom, accountRandom, introRandom },
    {
      planList,
      images,
      passwordHash,
      storeCount,
      staffTotal,
    },
  );
  const { postAuthors, listedStaff, scheduledStaff, demoCast, staffDone } = await seedStaff(
    run,
    { staffRandom, accountRandom },
    { storeRows, staffPerStore, images, passwordHash, staffTotal },
  );

  const listenerRows = await seedListeners(run, listenerRandom, accountRandom, passwordHash, listenerCount);

  const favoriteCount = await seedFavorites(run, favoriteRandom, {
    listenerRows,
    listedStaff,
    storeRows,
    demoCast,
  });

  const scheduleCount = await seedSchedules(run, scheduleRandom, scheduledStaff);

  // ---- official news ---------------------------------------------------------------------------
  await checkpoint(options.signal);
  report("news", 0, 1);
  const newsRows = generateNews(newsRandom, { now });
  await bulkInsert(db, news, newsRows);
  report("news", 1, 1);
  const postCount = await seedPosts(run, postRandom, postAuthors);

  const { roomRows, messageRows } = await seedChats(run, chatRandom, { listenerRows, listedStaff, demoCast });
  await seedReport(run, root, roomRows, messageRows);
  const demoStore = storeRows[0];

  // ---- lives -----------------------------------------------------------------------------------
  // Past lives of the demo cast with their figures and comments (the viewer page's past lives).
  // Forked after the chats, so no other generated row changed.
  if (demoCast && demoStore) {
    const pastLives = generatePastLives(root.fork("lives"), {
      broadcaster: { type: "staff", id: demoCast.uid, liverId: demoStore.uid },
      listeners: listenerRows.slice(0, 12).map((l) => ({ uid: l.uid, nickname: l.nickname ?? "" })),
      count: 3,
      now,
    });
    await db.transaction(async (tx) => {
      await bulkInsert(tx, lives, pastLives.lives);
      if (pastLives.comments.length > 0) await bulkInsert(tx, liveComments, pastLives.comments);
    });
  }

  // ---- money (ADR 0032) ----------------------------------------------------------------------
  // Booked through the ledger's services after every generated row, so no other row changed.
  if (demoCast && demoStore && listenerRows[0]) {
    report("money", 0, 1);
    await seedDemoMoney(db, {
      listenerId: listenerRows[0].uid,
      storeId: demoStore.uid,
      castId: demoCast.uid,
    });
    report("money", 1, 1);
  }

  // ---- coupons (ADR 0058) ---------------------------------------------------------------------
  // The demo store and the next two public stores have one each; forked last, so no other row changed.
  const couponStores = storeRows.filter((store) => store.status === "public").slice(0, 3);
  await bulkInsert(db, coupons, generateCoupons(root.fork("coupons"), { stores: couponStores, now }));

  await countFollowers(run);

  return {
    seed,
    stores: storeRows.length,
    staff: staffDone,
    listeners: listenerRows.length,
    favorites: favoriteCount,
    schedules: scheduleCount,
    news: newsRows.length,
    posts: postCount,
    rooms: roomRows.length,
    messages: messageRows.length,
    users: storeRows.length + staffDone + listenerRows.length,
    elapsedMs: Date.now() - started,
  };
}

/** Listeners with their accounts, in batches (the demo listener first). */
async function seedListeners(
  { db, options, now, batchSize, report }: SeedRun,
  listenerRandom: Random,
  accountRandom: Random,
  passwordHash: string,
  listenerCount: number,
): Promise<GeneratedListener[]> {
  const listenerRows: GeneratedListener[] = [];
  for (let i = 0; i < listenerCount; i++) {
    const demo = i === 0;
    listenerRows.push(
      generateListener(listenerRandom, {
        uid: listenerRandom.id(),
        email: demo ? DEMO_ACCOUNTS.listener.email : `listener-${String(i).padStart(6, "0")}@demo.example`,
        nickname: demo ? DEMO_ACCOUNTS.listener.nickname : undefined,
        now,
      }),
    );
  }
  report("listeners", 0, listenerCount);
  for (let i = 0; i < listenerRows.length; i += batchSize) {
    await checkpoint(options.signal);
    const rows = listenerRows.slice(i, i + batchSize);
    const users: NewUser[] = rows.map((l) => ({
      id: l.uid,
      name: l.nickname,
      email: l.email,
      emailVerified: true,
      createdAt: l.created_at,
      updatedAt: l.created_at,
    }));
    await insertAccounts(db, { accountRandom, passwordHash }, users, listeners, rows);
    await db.insert(ageVerifications).values(rows.map(demoAgeVerification));
    report("listeners", Math.min(listenerCount, i + batchSize), listenerCount);
  }

  return listenerRows;
}

/**
 * Demo listeners are age-verified (ADR 0055): a decided document whose picture is gone, with a
 * birth date and an id derived from the listener (no draw from the generators: the rest of the
 * data set stays as it was).
 */
function demoAgeVerification(listener: GeneratedListener, index: number) {
  const hex = createHash("sha256").update(`age-verification:${listener.uid}`).digest("hex");
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  const year = 1980 + (index % 20);
  const month = String((index % 12) + 1).padStart(2, "0");
  const day = String((index % 28) + 1).padStart(2, "0");
  return {
    id,
    listener_id: listener.uid,
    method: "document" as const,
    status: "verified" as const,
    document_kind: "driver_license" as const,
    document_deleted_at: listener.created_at,
    birth_date: `${year}-${month}-${day}`,
    created_at: listener.created_at,
    decided_at: listener.created_at,
  };
}

/** Follows: a shuffled order decides who is popular (earlier targets are drawn more often). */
async function seedFavorites(
  { db, options, now, batchSize, report }: SeedRun,
  favoriteRandom: Random,
  {
    listenerRows,
    listedStaff,
    storeRows,
    demoCast,
  }: {
    listenerRows: GeneratedListener[];
    listedStaff: FollowTarget[];
    storeRows: GeneratedStore[];
    demoCast: FollowTarget | undefined;
  },
): Promise<number> {
  const staffTargets = favoriteRandom.shuffle(listedStaff);
  const storeTargets = favoriteRandom.shuffle(
    storeRows.filter((s) => s.status === "public").map((s) => ({ uid: s.uid, created_at: s.created_at })),
  );
  const demoStore = storeRows[0];
  const favoriteRows: NewFavorite[] = [];
  for (let i = 0; i < listenerRows.length; i++) {
    const listener = listenerRows[i]!;
    const demo = i === 0;
    favoriteRows.push(
      ...generateFavoritesFor(favoriteRandom, {
        listener,
        staff: staffTargets,
        stores: storeTargets,
        staffCount: Math.min(40, Math.floor(-Math.log(1 - favoriteRandom.next()) * 6)),
        storeCount: Math.min(12, Math.floor(-Math.log(1 - favoriteRandom.next()) * 2)),
        now,
        always: demo
          ? {
              staff: demoCast ? [demoCast] : [],
              stores: demoStore ? [{ uid: demoStore.uid, created_at: demoStore.created_at }] : [],
            }
          : undefined,
      }),
    );
  }
  report("favorites", 0, favoriteRows.length);
  for (let i = 0; i < favoriteRows.length; i += batchSize) {
    await checkpoint(options.signal);
    const rows = favoriteRows.slice(i, i + batchSize);
    await db.transaction(async (tx) => {
      await bulkInsert(tx, favorites, rows);
    });
    report("favorites", Math.min(favoriteRows.length, i + batchSize), favoriteRows.length);
  }

  return favoriteRows.length;
}

/** Two weeks of shifts for every public staff member; progress counts staff members done. */
async function seedSchedules(
  { db, options, now, batchSize, report }: SeedRun,
  scheduleRandom: Random,
  scheduledStaff: string[],
): Promise<number> {
  let scheduleCount = 0;
  let scheduledDone = 0;
  const scheduleBatch = new Batcher<NewSchedule>(batchSize, async (rows) => {
    await checkpoint(options.signal);
    await db.transaction(async (tx) => {
      await bulkInsert(tx, schedules, rows);
    });
    scheduleCount += rows.length;
    report("schedules", scheduledDone, scheduledStaff.length);
  });
  report("schedules", 0, scheduledStaff.length);
  for (const staffId of scheduledStaff) {
    for (const row of generateSchedulesFor(scheduleRandom, { staffId, now })) await scheduleBatch.add(row);
    scheduledDone += 1;
  }
  await scheduleBatch.drain();
  report("schedules", scheduledStaff.length, scheduledStaff.length);

  return scheduleCount;
}

/** Posts, by direct inserts (not writePost): the authors' last_*_at are set from them afterwards. */
async function seedPosts(
  { db, options, now, batchSize, report }: SeedRun,
  postRandom: Random,
  postAuthors: PostAuthor[],
): Promise<number> {
  const perAuthor = Math.max(0, options.postsPerAuthor ?? 4);
  let postCount = 0;
  let authorsDone = 0;
  const postBatch = new Batcher<typeof posts.$inferInsert>(batchSize, async (rows) => {
    await checkpoint(options.signal);
    await db.transaction(async (tx) => {
      await bulkInsert(tx, posts, rows);
    });
    postCount += rows.length;
    report("posts", authorsDone, postAuthors.length);
  });
  report("posts", 0, postAuthors.length);
  for (const author of postAuthors) {
    const posting = author.demo || postRandom.chance(author.staffId ? (author.listed ? 0.7 : 0.3) : 0.6);
    const count = author.demo
      ? Math.max(12, perAuthor)
      : posting
        ? postRandom.int(1, Math.max(1, Math.round(perAuthor * 2 - 1)))
        : 0;
    for (const row of generatePostsFor(postRandom, { author, count, now })) await postBatch.add(row);
    authorsDone += 1;
  }
  await postBatch.drain();
  report("posts", postAuthors.length, postAuthors.length);
  const lastAt = sql`max(${posts.posted_at}) as last_post_at,
      max(${posts.posted_at}) filter (where ${posts.source} = 'instagram') as last_instagram_at,
      max(${posts.posted_at}) filter (where ${posts.source} = 'tiktok') as last_tiktok_at,
      max(${posts.posted_at}) filter (where ${posts.source} = 'youtube') as last_youtube_at,
      max(${posts.posted_at}) filter (where ${posts.source} = 'live') as last_live_at`;
  const setLastAt = sql`last_post_at = p.last_post_at, last_instagram_at = p.last_instagram_at,
      last_tiktok_at = p.last_tiktok_at, last_youtube_at = p.last_youtube_at, last_live_at = p.last_live_at`;
  await db.execute(sql`update ${staffs} set ${setLastAt}
    from (select ${posts.staff_id} as id, ${lastAt} from ${posts} where ${posts.staff_id} is not null group by 1) as p
    where ${staffs.uid} = p.id`);
  await db.execute(sql`update ${livers} set ${setLastAt}
    from (select ${posts.liver_id} as id, ${lastAt} from ${posts} where ${posts.staff_id} is null group by 1) as p
    where ${livers.uid} = p.id`);

  return postCount;
}

/**
 * The demo listener talks with the demo cast (two answers unread: the header badge shows) and two
 * other listed staff; the demo cast has three more listeners (one unread: her badge too); some of
 * the first listeners have a room each. Sized by the listeners, capped for benchmarks.
 */
async function seedChats(
  { db, options, now, batchSize, report }: SeedRun,
  chatRandom: Random,
  {
    listenerRows,
    listedStaff,
    demoCast,
  }: { listenerRows: GeneratedListener[]; listedStaff: FollowTarget[]; demoCast: FollowTarget | undefined },
): Promise<{ roomRows: NewRoom[]; messageRows: NewMessage[] }> {
  await checkpoint(options.signal);
  report("chats", 0, 1);
  const roomRows: NewRoom[] = [];
  const messageRows: NewMessage[] = [];
  const pairs = new Set<string>();
  const addRoom = (
    listener: GeneratedListener | undefined,
    staff: FollowTarget | undefined,
    shape: {
      endAgoMs: number;
      unread: number;
      length?: number;
      script?: typeof DEMO_CONVERSATION;
      lastFrom?: "listener" | "staff";
    },
  ) => {
    if (!listener || !staff || pairs.has(`${listener.uid}|${staff.uid}`)) return;
    pairs.add(`${listener.uid}|${staff.uid}`);
    const conversation = generateConversation(chatRandom, {
      roomId: chatRandom.id(),
      listener: { uid: listener.uid, created_at: listener.created_at },
      staff,
      now,
      ...shape,
    });
    roomRows.push(conversation.room);
    messageRows.push(...conversation.messages);
  };
  const demoListener = listenerRows[0];
  const chatStaff = listedStaff.filter((s) => s.uid !== demoCast?.uid);
  addRoom(demoListener, demoCast, { endAgoMs: 40 * 60_000, unread: 2, script: DEMO_CONVERSATION });
  for (const [i, staff] of chatRandom.sample(chatStaff, 2).entries())
    addRoom(demoListener, staff, {
      endAgoMs: (i + 1) * 26 * 3_600_000,
      unread: i === 0 ? 1 : 0,
      length: 4,
      lastFrom: i === 0 ? "staff" : undefined,
    });
  for (let i = 1; i <= 3; i++)
    addRoom(listenerRows[i], demoCast, {
      endAgoMs: i * 5 * 3_600_000,
      unread: i === 1 ? 1 : 0,
      length: 2 + i,
      lastFrom: i === 1 ? "listener" : undefined,
    });
  for (let i = 4; i < Math.min(listenerRows.length, 300); i++)
    if (chatStaff.length > 0 && chatRandom.chance(0.3))
      addRoom(listenerRows[i], chatRandom.pick(chatStaff), {
        endAgoMs: chatRandom.int(10 * 60_000, 14 * 86_400_000),
        unread: chatRandom.int(0, 1),
        length: chatRandom.int(2, 6),
      });
  await db.transaction(async (tx) => {
    for (let i = 0; i < roomRows.length; i += batchSize)
      await bulkInsert(tx, rooms, roomRows.slice(i, i + batchSize));
    for (let i = 0; i < messageRows.length; i += batchSize)
      await bulkInsert(tx, messages, messageRows.slice(i, i + batchSize));
  });
  report("chats", 1, 1);

  return { roomRows, messageRows };
}

/**
 * One open report of an ordinary room (not the demo accounts'), so /admin/reports shows what a
 * report looks like (ADR 0030). Forked on its own, so no other generated row changed.
 */
async function seedReport(
  { db, now }: SeedRun,
  root: Random,
  roomRows: NewRoom[],
  messageRows: NewMessage[],
): Promise<void> {
  const reported = roomRows.length > 6 ? roomRows[roomRows.length - 1] : undefined;
  if (reported?.id) {
    const reportRandom = root.fork("reports");
    const snapshot = messageRows
      .filter((m) => m.room_id === reported.id)
      .sort((a, b) => new Date(a.created_at ?? 0).getTime() - new Date(b.created_at ?? 0).getTime())
      .map((m) => ({
        message_id: m.message_id,
        sender_id: m.sender_id,
        body: m.body,
        image_url: m.image_url ?? null,
        created_at: new Date(m.created_at ?? now).toISOString(),
      }));
    await db.insert(roomReports).values({
      report_id: reportRandom.id(),
      room_id: reported.id,
      reporter_id: reported.staff_id,
      reported_id: reported.listener_id,
      reason: "お店の外で会おうと何度も誘われて困っています。",
      messages: snapshot,
      created_at: new Date(now.getTime() - 2 * 3_600_000),
    });
  }
}

/** Follower counts from the follows, then fresh statistics for the first queries' plans. */
async function countFollowers({ db, options, report }: SeedRun): Promise<void> {
  await checkpoint(options.signal);
  report("followers", 0, 2);
  await db.execute(sql`
    update ${staffs} set follower_number = c.n
    from (select ${favorites.staff_id} as id, count(*)::int as n from ${favorites}
          where ${favorites.staff_id} is not null group by ${favorites.staff_id}) as c
    where ${staffs.uid} = c.id`);
  report("followers", 1, 2);
  await db.execute(sql`
    update ${livers} set follower_number = c.n
    from (select ${favorites.liver_id} as id, count(*)::int as n from ${favorites}
          where ${favorites.liver_id} is not null group by ${favorites.liver_id}) as c
    where ${livers.uid} = c.id`);
  // Fresh statistics, so the first queries on a large data set get good plans.
  await db.execute(sql`analyze`);
  report("followers", 2, 2);
}

/** Stores with their accounts (the demo store first), and how many staff each will have. */
async function seedStores(
  { db, options, now, batchSize, report }: SeedRun,
  {
    storeRandom,
    priceRandom,
    accountRandom,
    introRandom,
  }: { storeRandom: Random; priceRandom: Random; accountRandom: Random; introRandom: Random },
  {
    planList,
    images,
    passwordHash,
    storeCount,
    staffTotal,
  }: {
    planList: PlanChoice[];
    images: DemoImages;
    passwordHash: string;
    storeCount: number;
    staffTotal: number;
  },
): Promise<{ storeRows: GeneratedStore[]; staffPerStore: number[] }> {
  const maxLimit = Math.max(...planList.map((p) => p.limit_staff));
  const demoStaffCount = storeCount === 1 ? staffTotal : Math.min(DEMO_ACCOUNTS.store.staff, staffTotal);
  const otherTypes = storeTypeSequence(storeRandom, Math.max(0, storeCount - 1));
  const otherStaff = allocateStaff(storeRandom, otherTypes, staffTotal - demoStaffCount, maxLimit);
  const regionOrder = storeRandom.shuffle(REGION_IDS);
  const slugs = new Set<string>();
  const storeRows: GeneratedStore[] = [];
  const staffPerStore: number[] = [];
  for (let i = 0; i < storeCount; i++) {
    const demo = i === 0;
    const storeType = demo ? DEMO_ACCOUNTS.store.storeType : otherTypes[i - 1]!;
    const staffCount = demo ? demoStaffCount : otherStaff[i - 1]!;
    // The first stores after the demo one cover every region once.
    const location = demo
      ? pickLocation(storeRandom, { areaId: DEMO_ACCOUNTS.store.areaId })
      : pickLocation(storeRandom, { regionId: regionOrder[i - 1] });
    const plan = demo
      ? (planList.find((p) => p.id === DEMO_ACCOUNTS.store.planId && p.limit_staff >= staffCount) ??
        planFor(storeRandom, planList, staffCount))
      : planFor(storeRandom, planList, staffCount);
    const uid = storeRandom.id();
    const row = generateStore(storeRandom, {
      uid,
      email: demo ? DEMO_ACCOUNTS.store.email : `store-${String(i).padStart(5, "0")}@demo.example`,
      storeType,
      location,
      plan,
      images,
      now,
      slugs,
      plans: planList,
    });
    if (demo) {
      row.status = "public";
      row.order = null;
      row.new_plan_id = null;
    }
    // Most stores publish a price system; the demo store always does.
    if (priceRandom.chance(0.85) || demo) row.price_system = generatePriceSystem(priceRandom, storeType);
    // Most stores introduce themselves and give a first-visit price; the demo store does. Every
    // store with a pin names its nearest stations (ADR 0056).
    // (Every row names every field: the rows are inserted as one JSON array, without defaults.)
    const introduced = introRandom.chance(0.8) || demo;
    row.pr_text = introduced ? generatePrText(introRandom, row) : "";
    row.first_visit = introduced ? generateFirstVisit(introRandom, row, row.price_system) : null;
    row.access =
      row.lat != null && row.lng != null
        ? accessFromSuggestions(
            introRandom,
            await stationData.nearest({ lat: row.lat, lng: row.lng }, { limit: 3 }),
          )
        : [];
    storeRows.push(row);
    staffPerStore.push(staffCount);
  }

  const insertStores = async (rows: GeneratedStore[]) => {
    await checkpoint(options.signal);
    const users: NewUser[] = rows.map((s) => ({
      id: s.uid,
      name: s.store_name,
      email: s.email,
      emailVerified: true,
      createdAt: s.created_at,
      updatedAt: s.created_at,
    }));
    await insertAccounts(db, { accountRandom, passwordHash }, users, livers, rows);
  };
  report("stores", 0, storeCount);
  for (let i = 0; i < storeRows.length; i += batchSize) {
    await insertStores(storeRows.slice(i, i + batchSize));
    report("stores", Math.min(storeCount, i + batchSize), storeCount);
  }
  // The operator has looked at every demo store but the three newest (ADR 0033), so the console's
  // "new stores waiting" has a little to do.
  await db.execute(sql`
    insert into ${storeReviews} (liver_id, reviewed_at)
    select uid, created_at from ${livers}
    where uid not in (select uid from ${livers} order by created_at desc, uid limit 3)
    on conflict do nothing`);

  return { storeRows, staffPerStore };
}

/** Staff with their accounts, store by store; who is listed, scheduled and who posts. */
async function seedStaff(
  { db, options, now, batchSize, report }: SeedRun,
  { staffRandom, accountRandom }: { staffRandom: Random; accountRandom: Random },
  {
    storeRows,
    staffPerStore,
    images,
    passwordHash,
    staffTotal,
  }: {
    storeRows: GeneratedStore[];
    staffPerStore: number[];
    images: DemoImages;
    passwordHash: string;
    staffTotal: number;
  },
) {
  const postAuthors: PostAuthor[] = storeRows.map((store, i) => ({
    staffId: null,
    liverId: store.uid,
    handle: store.slug ?? store.uid,
    images: store.image_urls?.length ? store.image_urls : images.storeImages,
    portrait: false,
    demo: i === 0,
    listed: store.status === "public",
  }));
  const loginIds = new Set<string>([DEMO_ACCOUNTS.staff.loginId]);
  const listedStaff: FollowTarget[] = [];
  const scheduledStaff: string[] = [];
  let demoCast: FollowTarget | undefined;
  let staffDone = 0;
  const staffBatch = new Batcher<GeneratedStaff>(batchSize, async (rows) => {
    await checkpoint(options.signal);
    const users: NewUser[] = rows.map((s) => ({
      id: s.uid,
      name: s.name,
      email: s.login_email,
      emailVerified: true,
      username: s.login_id.toLowerCase(),
      displayUsername: s.login_id,
      createdAt: s.created_at,
      updatedAt: s.created_at,
    }));
    await insertAccounts(db, { accountRandom, passwordHash }, users, staffs, rows);
    staffDone += rows.length;
    report("staff", staffDone, staffTotal);
  });
  report("staff", 0, staffTotal);
  for (let s = 0; s < storeRows.length; s++) {
    const store = storeRows[s]!;
    for (let order = 1; order <= staffPerStore[s]!; order++) {
      const demo = s === 0 && order === 1;
      const row = generateStaff(staffRandom, {
        uid: staffRandom.id(),
        store,
        order,
        images,
        now,
        loginIds,
        loginId: demo ? DEMO_ACCOUNTS.staff.loginId : undefined,
        listed: demo,
      });
      if (row.status === "public") {
        scheduledStaff.push(row.uid);
        if (row.is_displayed && store.status === "public")
          listedStaff.push({ uid: row.uid, created_at: row.created_at });
      }
      if (demo) demoCast = { uid: row.uid, created_at: row.created_at };
      postAuthors.push({
        staffId: row.uid,
        liverId: store.uid,
        handle: row.login_id.toLowerCase(),
        images: row.image_urls?.length ? row.image_urls : images.staffImages,
        portrait: true,
        demo,
        listed: row.status === "public" && row.is_displayed !== false && store.status === "public",
      });
      await staffBatch.add(row);
    }
  }
  await staffBatch.drain();

  return { postAuthors, listedStaff, scheduledStaff, demoCast, staffDone };
}
