import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Viewer } from "~/.server/auth/viewer";
import { mailOutbox, posts, type SnsLink, snsLinks } from "~/.server/db/schema";
import { parseEnv } from "~/.server/env";
import { createMailer, type Mailer } from "~/.server/integrations/mail/mailer";
import { TokenInvalidError } from "~/.server/integrations/sns";
import { completeSnsLink } from "~/.server/services/sns/complete-sns-link";
import { dispatchSnsImports } from "~/.server/services/sns/dispatch-sns-imports";
import { importSnsLink } from "~/.server/services/sns/import-sns-link";
import { linkYouTubeChannel } from "~/.server/services/sns/link-youtube-channel";
import { listSnsLinks } from "~/.server/services/sns/list-sns-links";
import { issueOAuthState } from "~/.server/services/sns/oauth-state";
import { createSnsContext, type SnsContext, tokenContext } from "~/.server/services/sns/sns-context";
import { startSnsLink } from "~/.server/services/sns/start-sns-link";
import { createTokenCipher } from "~/.server/services/sns/token-cipher";
import { unlinkSnsAccount } from "~/.server/services/sns/unlink-sns-account";
import { SNS_LINK_MESSAGES, snsCallbackPath } from "~/domain/sns-links";
import { type FakeInstagram, startFakeInstagram } from "../../scripts/fakes/instagram";
import { type FakeTikTok, startFakeTikTok } from "../../scripts/fakes/tiktok";
import { type FakeYouTube, startFakeYouTube } from "../../scripts/fakes/youtube";
import { LOOPBACK_BUDGET_MS } from "../support/budgets";
import { drivers, openTestDatabase, type TestDatabase } from "../support/databases";
import { makeListener, makeLiver, makeStaff } from "../support/factories";

// Linking accounts and the importer against the fake vendors over real HTTP (ADR 0023), on a
// real database; mails land in the development outbox (no SMTP configured).
const SECRET = "sns-links-test-secret-0123456789abcdef";
const DAY = 24 * 3600 * 1000;

describe.each(drivers)("linked SNS accounts on %s", (driver) => {
  let database: TestDatabase;
  let ig: FakeInstagram;
  let tt: FakeTikTok;
  let yt: FakeYouTube;
  let sns: SnsContext;
  let mailer: Mailer;
  let store: Viewer;
  let staff: Viewer;

  beforeAll(async () => {
    [database, ig, tt, yt] = await Promise.all([
      openTestDatabase(driver, { prefix: "snslinks" }),
      startFakeInstagram(),
      startFakeTikTok(),
      startFakeYouTube(),
    ]);
    const env = parseEnv({
      AUTH_SECRET: SECRET,
      BASE_URL: "http://localhost:3999",
      ...ig.env,
      ...tt.env,
      ...yt.env,
    });
    sns = createSnsContext(env, { timeoutMs: LOOPBACK_BUDGET_MS });
    mailer = createMailer({ db: database.db, env });
    store = await makeLiver(database.db, { store_name: "クラブ 連携" });
    staff = await makeStaff(database.db, store.uid, { name: "あき" });
  });
  afterAll(async () => {
    await Promise.all([database?.close(), ig?.close(), tt?.close(), yt?.close()]);
  });

  const db = () => database.db;
  const later = (ms: number) => () => new Date(Date.now() + ms);

  async function link(owner: Viewer, source: SnsLink["source"]): Promise<SnsLink> {
    const [row] = await db()
      .select()
      .from(snsLinks)
      .where(and(eq(snsLinks.owner_id, owner.uid), eq(snsLinks.source, source)));
    if (!row) throw new Error("no link");
    return row;
  }

  async function postCount(source: "instagram" | "tiktok" | "youtube", owner?: Viewer): Promise<number> {
    const [row] = await db()
      .select({ n: count() })
      .from(posts)
      .where(
        and(
          eq(posts.source, source),
          owner
            ? owner.type === "staff"
              ? eq(posts.staff_id, owner.uid)
              : eq(posts.liver_id, owner.uid)
            : undefined,
        ),
      );
    return row?.n ?? 0;
  }

  async function brokenMails(to: string) {
    return db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, "sns-link-broken"), eq(mailOutbox.to, to)));
  }

  /** The browser's round trip: our authorize URL, the user allows on the fake, the code comes back. */
  async function authorize(owner: Viewer, source: "instagram" | "tiktok", vendorUser: string) {
    const started = await startSnsLink({ db: db(), actor: owner, sns, input: { source } });
    if (!started.ok) throw new Error(started.error);
    const url = new URL(started.url);
    url.searchParams.set("approve_user", vendorUser);
    const answer = await fetch(url, { redirect: "manual" });
    const back = new URL(answer.headers.get("location")!);
    const type = owner.type as "staff" | "liver";
    expect(back.pathname).toBe(snsCallbackPath(type, source));
    return { code: back.searchParams.get("code"), state: back.searchParams.get("state"), error: null };
  }

  async function connect(owner: Viewer, source: "instagram" | "tiktok", vendorUser: string) {
    const returned = await authorize(owner, source, vendorUser);
    return completeSnsLink({ db: db(), actor: owner, sns, input: { source, ...returned } });
  }

  describe("Instagram of a staff member", () => {
    let account: ReturnType<FakeInstagram["addAccount"]>;

    beforeAll(() => {
      account = ig.addAccount({ username: "aki_night", name: "アキ", mediaCount: 57 });
    });

    it("lists the three sources, connects through the OAuth round trip and keeps the token encrypted", async () => {
      const before = await listSnsLinks({ db: db(), actor: staff, sns });
      expect(before.ok && before.links.map((l) => [l.source, l.state])).toEqual([
        ["instagram", "not_linked"],
        ["tiktok", "not_linked"],
        ["youtube", "not_linked"],
      ]);

      const result = await connect(staff, "instagram", account.userId);
      expect(result.ok).toBe(true);
      const row = await link(staff, "instagram");
      expect(row).toMatchObject({ owner_type: "staff", vendor_user_id: account.userId, status: "active" });
      expect(row.display_name).toBe("aki_night");
      expect(row.access_expires_at!.getTime()).toBeGreaterThan(Date.now() + 50 * DAY);

      // At rest: neither the column nor the whole row as text carries the token in clear.
      const token = sns.cipher.decrypt(row.access_token_enc!, tokenContext(row));
      expect(token.length).toBeGreaterThan(10);
      expect(row.access_token_enc).not.toContain(token);
      const { rows } = await database.sql.executeSql(
        "select t::text as line from sns_links t where link_id = $1",
        [row.link_id],
      );
      expect((rows[0] as { line: string }).line).not.toContain(token);
      // Another secret, or the ciphertext moved onto another link, does not decrypt.
      expect(() =>
        createTokenCipher(`${SECRET}x`).decrypt(row.access_token_enc!, tokenContext(row)),
      ).toThrow();
      expect(() => sns.cipher.decrypt(row.access_token_enc!, "sns-link:someone-else:instagram")).toThrow();

      const after = await listSnsLinks({ db: db(), actor: staff, sns });
      expect(after.ok && after.links[0]).toMatchObject({ state: "linked", displayName: "aki_night" });
    });

    it("imports the newest 50 on the first run, paging, with carousels as carousel_album", async () => {
      const pagesBefore = ig.requests.filter((r) => r.path.endsWith("/me/media")).length;
      const outcome = await importSnsLink({
        db: db(),
        mailer,
        sns,
        linkId: (await link(staff, "instagram")).link_id,
      });
      expect(outcome).toEqual({ status: "imported", created: 50, seen: 50 });
      expect(ig.requests.filter((r) => r.path.endsWith("/me/media")).length - pagesBefore).toBe(2);
      expect(await postCount("instagram", staff)).toBe(50);

      const carousel = account.media.find((m) => m.media_type === "CAROUSEL_ALBUM")!;
      const [post] = await db().select().from(posts).where(eq(posts.external_id, carousel.id));
      expect(post).toMatchObject({
        kind: "carousel_album",
        author_type: "staff",
        staff_id: staff.uid,
        liver_id: store.uid,
        permalink: carousel.permalink,
      });
      expect(post!.media).toHaveLength(3);
      expect(post!.media[0]).toMatchObject({ kind: "image", url: carousel.children![0]!.media_url });
      const reel = account.media.find((m) => m.media_type === "VIDEO")!;
      const [video] = await db().select().from(posts).where(eq(posts.external_id, reel.id));
      expect(video).toMatchObject({ kind: "video" });
      expect(video!.media[0]).toMatchObject({ kind: "video", thumbnail_url: reel.thumbnail_url });

      const row = await link(staff, "instagram");
      expect(row.last_media_id).toBe(account.media[0]!.id);
      expect(row.last_import_at).not.toBeNull();
      expect(row.next_import_at!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    });

    it("is not due again before the interval, then imports only what is new; a re-run adds nothing", async () => {
      const id = (await link(staff, "instagram")).link_id;
      expect(await importSnsLink({ db: db(), mailer, sns, linkId: id })).toEqual({
        status: "skipped",
        reason: "not_due",
      });
      addMedia(account, 2);
      const outcome = await importSnsLink({ db: db(), mailer, sns, linkId: id, now: later(20 * 60_000) });
      expect(outcome).toEqual({ status: "imported", created: 2, seen: 2 });
      expect(await postCount("instagram", staff)).toBe(52);

      const again = await importSnsLink({ db: db(), mailer, sns, linkId: id, now: later(40 * 60_000) });
      expect(again).toEqual({ status: "imported", created: 0, seen: 0 });
      expect(await postCount("instagram", staff)).toBe(52);
    });

    it("imports a media id the vendor lists twice, or again after the watermark is lost, as one row", async () => {
      const id = (await link(staff, "instagram")).link_id;
      const [fresh] = addMedia(account, 1);
      account.media.splice(1, 0, { ...fresh! });
      const outcome = await importSnsLink({ db: db(), mailer, sns, linkId: id, now: later(60 * 60_000) });
      expect(outcome).toMatchObject({ status: "imported", created: 1, seen: 1 });
      const rows = await db().select().from(posts).where(eq(posts.external_id, fresh!.id));
      expect(rows).toHaveLength(1);

      // Forget the watermark: the re-read 50 are updates, not new rows.
      await db()
        .update(snsLinks)
        .set({ last_media_at: null, last_media_id: null })
        .where(eq(snsLinks.link_id, id));
      const reread = await importSnsLink({ db: db(), mailer, sns, linkId: id, now: later(80 * 60_000) });
      expect(reread).toMatchObject({ status: "imported", created: 0, seen: 50 });
      expect(await postCount("instagram", staff)).toBe(53);
    });

    it("on 429 keeps the link, sets next_import_at from Retry-After and loses nothing on the next run", async () => {
      const id = (await link(staff, "instagram")).link_id;
      const before = await link(staff, "instagram");
      addMedia(account, 3);
      ig.rateLimitNext(120);
      const at = Date.now() + 100 * 60_000;
      const outcome = await importSnsLink({ db: db(), mailer, sns, linkId: id, now: () => new Date(at) });
      expect(outcome).toMatchObject({ status: "rate_limited", retryAfterSeconds: 120 });
      const limited = await link(staff, "instagram");
      expect(limited.status).toBe("active");
      expect(limited.next_import_at!.getTime()).toBe(at + 120_000);
      expect(limited.last_media_id).toBe(before.last_media_id);
      expect(limited.last_error).toMatch(/rate limited/);

      // Not before Retry-After; afterwards the three come in.
      expect(
        await importSnsLink({ db: db(), mailer, sns, linkId: id, now: () => new Date(at + 60_000) }),
      ).toEqual({
        status: "skipped",
        reason: "not_due",
      });
      const next = await importSnsLink({
        db: db(),
        mailer,
        sns,
        linkId: id,
        now: () => new Date(at + 121_000),
      });
      expect(next).toEqual({ status: "imported", created: 3, seen: 3 });
      expect((await link(staff, "instagram")).last_error).toBeNull();
    });

    it("refreshes the long-lived token when fewer than 7 days are left", async () => {
      const row = await link(staff, "instagram");
      const oldToken = sns.cipher.decrypt(row.access_token_enc!, tokenContext(row));
      await db()
        .update(snsLinks)
        .set({
          access_expires_at: new Date(Date.now() + 3 * DAY),
          token_issued_at: new Date(Date.now() - 57 * DAY),
        })
        .where(eq(snsLinks.link_id, row.link_id));
      const refreshesBefore = ig.requests.filter((r) => r.path === "/refresh_access_token").length;
      const outcome = await importSnsLink({
        db: db(),
        mailer,
        sns,
        linkId: row.link_id,
        now: later(200 * 60_000),
      });
      expect(outcome.status).toBe("imported");
      expect(ig.requests.filter((r) => r.path === "/refresh_access_token").length).toBe(refreshesBefore + 1);
      const refreshed = await link(staff, "instagram");
      const newToken = sns.cipher.decrypt(refreshed.access_token_enc!, tokenContext(refreshed));
      expect(newToken).not.toBe(oldToken);
      expect(refreshed.access_expires_at!.getTime()).toBeGreaterThan(Date.now() + 50 * DAY);
    });

    it("an expired token breaks the link and mails the staff member once", async () => {
      const row = await link(staff, "instagram");
      ig.expireToken(sns.cipher.decrypt(row.access_token_enc!, tokenContext(row)));
      const outcome = await importSnsLink({
        db: db(),
        mailer,
        sns,
        linkId: row.link_id,
        now: later(300 * 60_000),
      });
      expect(outcome).toEqual({ status: "broken" });
      const broken = await link(staff, "instagram");
      expect(broken).toMatchObject({ status: "broken" });
      expect(broken.broken_at).not.toBeNull();
      expect(broken.broken_reason).toMatch(/expired/i);

      const again = await importSnsLink({
        db: db(),
        mailer,
        sns,
        linkId: row.link_id,
        now: later(400 * 60_000),
      });
      expect(again).toEqual({ status: "skipped", reason: "not_active" });
      const mails = await brokenMails(staff.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain("Instagramの連携が切れました");
      expect(mails[0]!.text).toContain("http://localhost:3999/staff/mypage/instagram");
      expect(mails[0]!.text).toContain("@aki_night");

      const view = await listSnsLinks({ db: db(), actor: staff, sns });
      expect(view.ok && view.links[0]?.state).toBe("broken");
      // The dispatcher leaves broken links alone (the job queued by linking is dropped first).
      await database.sql.executeSql(
        "delete from pgboss.job where name = 'sns.import' and singleton_key = $1",
        [row.link_id],
      );
      await dispatchSnsImports({ db: db(), now: new Date(Date.now() + 500 * 60_000) });
      expect(await pendingImports(row.link_id)).toBe(0);
    });

    it("a token sealed under another AUTH_SECRET breaks the link instead of failing forever", async () => {
      const other = await makeStaff(db(), store.uid, { name: "べつ" });
      const account = ig.addAccount({ username: "other_secret", mediaCount: 1 });
      expect((await connect(other, "instagram", account.userId)).ok).toBe(true);
      const row = await link(other, "instagram");
      const foreign = createTokenCipher(`${SECRET}-rotated`).encrypt("a-token", tokenContext(row));
      await db().update(snsLinks).set({ access_token_enc: foreign }).where(eq(snsLinks.link_id, row.link_id));
      expect(await importSnsLink({ db: db(), mailer, sns, linkId: row.link_id })).toEqual({
        status: "broken",
      });
      expect(await brokenMails(other.email)).toHaveLength(1);
    });

    it("reconnecting makes the link active again and keeps what was imported", async () => {
      const result = await connect(staff, "instagram", account.userId);
      expect(result.ok).toBe(true);
      const row = await link(staff, "instagram");
      expect(row).toMatchObject({
        status: "active",
        broken_at: null,
        broken_reason: null,
        next_import_at: null,
      });
      expect(row.last_media_id).not.toBeNull();
      expect(await postCount("instagram", staff)).toBe(56);
    });
  });

  describe("the OAuth state", () => {
    it("refuses a forged, an expired, a reused and another account's state", async () => {
      const other = await makeStaff(db(), store.uid, { name: "ゆき" });
      const account = ig.addAccount({ username: "yuki_state", mediaCount: 1 });
      const complete = (actor: Viewer, returned: { code: string | null; state: string | null }) =>
        completeSnsLink({ db: db(), actor, sns, input: { source: "instagram", error: null, ...returned } });

      const forged = await authorize(other, "instagram", account.userId);
      const [nonce, expires] = forged.state!.split(".");
      const fakeSignature = createTokenCipher("an attacker's own secret, 32+ chars").sign(
        `${nonce}.${expires}.${other.uid}.instagram`,
      );
      expect(await complete(other, { ...forged, state: `${nonce}.${expires}.${fakeSignature}` })).toEqual({
        ok: false,
        error: "state",
      });
      expect(
        await complete(other, {
          ...forged,
          state: `${nonce}.${Number(expires) + 3_600_000}.${forged.state!.split(".")[2]}`,
        }),
      ).toEqual({ ok: false, error: "state" });
      expect(await complete(other, { ...forged, state: null })).toEqual({ ok: false, error: "state" });

      // Someone else's round trip cannot be completed in this account.
      const stolen = await authorize(store, "instagram", account.userId);
      expect(await complete(other, stolen)).toEqual({ ok: false, error: "state" });

      const expired = await issueOAuthState(db(), sns.cipher, {
        ownerId: other.uid,
        source: "instagram",
        now: new Date(Date.now() - 11 * 60_000),
      });
      expect(await complete(other, { code: forged.code, state: expired })).toEqual({
        ok: false,
        error: "state",
      });

      // The genuine one works once (the forgeries above did not spend it), then never again.
      expect((await complete(other, forged)).ok).toBe(true);
      expect(await complete(other, forged)).toEqual({ ok: false, error: "state" });

      // A cancelled login spends its state and links nothing.
      const cancelled = await authorize(other, "tiktok", [...tt.users.keys()][0] ?? "nobody");
      expect(
        await completeSnsLink({
          db: db(),
          actor: other,
          sns,
          input: { source: "tiktok", code: null, state: cancelled.state, error: "access_denied" },
        }),
      ).toEqual({ ok: false, error: "denied" });
    });

    it("refuses accounts that may not link (403) and unknown vendor codes", async () => {
      const listener = await makeListener(db());
      expect(await startSnsLink({ db: db(), actor: listener, sns, input: { source: "instagram" } })).toEqual({
        ok: false,
        error: "forbidden",
      });
      expect(await listSnsLinks({ db: db(), actor: listener, sns })).toEqual({
        ok: false,
        error: "forbidden",
      });
      const other = await makeStaff(db(), store.uid);
      const returned = await authorize(other, "instagram", ig.addAccount({ username: "badcode" }).userId);
      expect(
        await completeSnsLink({
          db: db(),
          actor: other,
          sns,
          input: { source: "instagram", error: null, state: returned.state, code: "not-a-code" },
        }),
      ).toEqual({ ok: false, error: "code" });
    });

    it("says not configured when the vendor's credentials are missing", async () => {
      const bare = createSnsContext(parseEnv({ AUTH_SECRET: SECRET, ...yt.env }));
      const view = await listSnsLinks({ db: db(), actor: await makeStaff(db(), store.uid), sns: bare });
      expect(view.ok && view.links.map((l) => l.state)).toEqual([
        "not_configured",
        "not_configured",
        "not_linked",
      ]);
      expect(await startSnsLink({ db: db(), actor: staff, sns: bare, input: { source: "tiktok" } })).toEqual({
        ok: false,
        error: "not_configured",
      });
    });
  });

  describe("TikTok of a store", () => {
    let user: ReturnType<FakeTikTok["addUser"]>;

    beforeAll(() => {
      user = tt.addUser({ displayName: "クラブ連携公式", videoCount: 23 });
    });

    it("connects, imports videos as embeds and rotates the refresh token before the access token ends", async () => {
      expect((await connect(store, "tiktok", user.openId)).ok).toBe(true);
      const row = await link(store, "tiktok");
      expect(row).toMatchObject({
        owner_type: "liver",
        vendor_user_id: user.openId,
        display_name: "クラブ連携公式",
      });
      expect(row.refresh_token_enc).not.toBeNull();

      const outcome = await importSnsLink({ db: db(), mailer, sns, linkId: row.link_id });
      expect(outcome).toEqual({ status: "imported", created: 23, seen: 23 });
      const [post] = await db().select().from(posts).where(eq(posts.external_id, user.videos[0]!.id));
      expect(post).toMatchObject({
        author_type: "liver",
        staff_id: null,
        liver_id: store.uid,
        kind: "video",
      });
      expect(post!.media).toEqual([
        {
          url: `https://www.tiktok.com/player/v1/${user.videos[0]!.id}`,
          kind: "embed",
          width: null,
          height: null,
          thumbnail_url: expect.stringContaining("tiktokcdn.com"),
        },
      ]);

      const oldRefresh = sns.cipher.decrypt(row.refresh_token_enc!, tokenContext(row));
      await db()
        .update(snsLinks)
        .set({ access_expires_at: new Date(Date.now() + 60_000) })
        .where(eq(snsLinks.link_id, row.link_id));
      const again = await importSnsLink({
        db: db(),
        mailer,
        sns,
        linkId: row.link_id,
        now: later(20 * 60_000),
      });
      expect(again).toEqual({ status: "imported", created: 0, seen: 0 });
      const rotated = await link(store, "tiktok");
      const newRefresh = sns.cipher.decrypt(rotated.refresh_token_enc!, tokenContext(rotated));
      expect(newRefresh).not.toBe(oldRefresh);
      expect(rotated.access_expires_at!.getTime()).toBeGreaterThan(Date.now() + 3600_000);
      // The old refresh token is spent at the vendor: storing the new one was essential.
      await expect(sns.ports.tiktok!.refresh(oldRefresh)).rejects.toBeInstanceOf(TokenInvalidError);
    });

    it("a revoked authorization breaks the link and mails the store once", async () => {
      const row = await link(store, "tiktok");
      tt.revokeUser(user.openId);
      const outcome = await importSnsLink({
        db: db(),
        mailer,
        sns,
        linkId: row.link_id,
        now: later(40 * 60_000),
      });
      expect(outcome).toEqual({ status: "broken" });
      expect((await link(store, "tiktok")).status).toBe("broken");
      await importSnsLink({ db: db(), mailer, sns, linkId: row.link_id, now: later(60 * 60_000) });
      const mails = await brokenMails(store.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain("TikTokの連携が切れました");
      expect(mails[0]!.text).toContain("http://localhost:3999/liver/mypage/post");
    });
  });

  describe("YouTube channels", () => {
    it("links a channel by @handle, refuses an unknown one in Japanese, and imports its videos", async () => {
      const channel = yt.addChannel({ handle: "@club_renkei", title: "クラブ連携チャンネル", videoCount: 8 });
      const unknown = await linkYouTubeChannel({
        db: db(),
        actor: store,
        sns,
        input: { channel: "@no_such_channel" },
      });
      expect(unknown).toEqual({
        ok: false,
        error: "invalid",
        fieldErrors: { channel: SNS_LINK_MESSAGES.youtubeUnknown },
      });
      const empty = await linkYouTubeChannel({ db: db(), actor: store, sns, input: { channel: "  " } });
      expect(empty).toMatchObject({ ok: false, fieldErrors: { channel: SNS_LINK_MESSAGES.youtubeRequired } });

      const linked = await linkYouTubeChannel({
        db: db(),
        actor: store,
        sns,
        input: { channel: "@club_renkei" },
      });
      expect(linked).toMatchObject({ ok: true, title: "クラブ連携チャンネル" });
      const row = await link(store, "youtube");
      expect(row).toMatchObject({ vendor_user_id: channel.channelId, access_token_enc: null });

      const outcome = await importSnsLink({ db: db(), mailer, sns, linkId: row.link_id });
      expect(outcome).toEqual({ status: "imported", created: 8, seen: 8 });
      const [post] = await db().select().from(posts).where(eq(posts.external_id, channel.videos[0]!.videoId));
      expect(post!.media[0]).toMatchObject({ kind: "embed", url: expect.stringContaining("/embed/") });
    });
  });

  describe("the dispatcher", () => {
    it("queues one import per due active link, never a second while one waits", async () => {
      const owner = await makeLiver(db(), { store_name: "クラブ 予定" });
      yt.addChannel({ handle: "@club_yotei", title: "予定", videoCount: 1 });
      const linked = await linkYouTubeChannel({
        db: db(),
        actor: owner,
        sns,
        input: { channel: "@club_yotei" },
      });
      if (!linked.ok) throw new Error("not linked");
      // Linking queued the first import already; the dispatcher does not add a second.
      expect(await pendingImports(linked.linkId)).toBe(1);
      await dispatchSnsImports({ db: db() });
      await dispatchSnsImports({ db: db() });
      expect(await pendingImports(linked.linkId)).toBe(1);

      // Not due (next_import_at in the future): not queued, even with the queue empty.
      await database.sql.executeSql(
        "delete from pgboss.job where name = 'sns.import' and singleton_key = $1",
        [linked.linkId],
      );
      await db()
        .update(snsLinks)
        .set({ next_import_at: new Date(Date.now() + 60_000) })
        .where(eq(snsLinks.link_id, linked.linkId));
      await dispatchSnsImports({ db: db() });
      expect(await pendingImports(linked.linkId)).toBe(0);
      await dispatchSnsImports({ db: db(), now: new Date(Date.now() + 120_000) });
      expect(await pendingImports(linked.linkId)).toBe(1);
    });

    it("unlinks: the link and its tokens go, imported posts stay", async () => {
      const before = await postCount("youtube", store);
      expect(await unlinkSnsAccount({ db: db(), actor: store, input: { source: "youtube" } })).toEqual({
        ok: true,
      });
      expect(await unlinkSnsAccount({ db: db(), actor: store, input: { source: "youtube" } })).toEqual({
        ok: false,
        error: "not_found",
      });
      expect(await postCount("youtube", store)).toBe(before);
      const [row] = await db()
        .select({ n: count() })
        .from(snsLinks)
        .where(and(eq(snsLinks.owner_id, store.uid), eq(snsLinks.source, "youtube")));
      expect(row?.n).toBe(0);
    });
  });

  async function pendingImports(linkId: string): Promise<number> {
    const { rows } = await database.sql.executeSql(
      "select count(*)::int as n from pgboss.job where name = 'sns.import' and singleton_key = $1 and state in ('created', 'retry', 'active')",
      [linkId],
    );
    return (rows[0] as { n: number }).n;
  }
});

let extraMedia = 900_000;
let clock = Date.now();
/** New posts on top of a fake account, newest first (as if just published). */
function addMedia(account: ReturnType<FakeInstagram["addAccount"]>, n: number) {
  const added = [];
  for (let i = 0; i < n; i++) {
    const id = String(extraMedia++);
    clock += 60_000;
    const timestamp = new Date(clock).toISOString().replace(/\.\d{3}Z$/, "+0000");
    added.push({
      id,
      caption: `新しい投稿 ${id}`,
      media_type: "IMAGE" as const,
      media_product_type: "FEED" as const,
      media_url: `https://scontent.cdninstagram.com/v/t51/${id}.jpg?oe=6A1B2C3D`,
      permalink: `https://www.instagram.com/p/FAKE${id}/`,
      timestamp,
    });
  }
  account.media.unshift(...added.reverse());
  return added;
}
