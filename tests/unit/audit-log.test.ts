import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AUDIT_ACTION_LABELS, auditActionLabel, INQUIRY_KINDS } from "~/domain/admin";
import {
  type AuditEntryInput,
  auditAccountIds,
  auditDetailLines,
  describeAuditEntry,
  shortId,
} from "~/domain/audit-log";
import { REPORT_OUTCOMES } from "~/domain/reports";

// The audit log in the console's words (ADR 0053): every action a use case writes has its
// Japanese label — read from the services' own audit writes, so a new action without one fails
// here — and the details read as 「label：value」 lines, never as the stored JSON's keys.

/** The expansions of the actions written as template literals, by their source text. */
const TEMPLATES: Record<string, readonly string[]> = {
  "`${input.kind}.handled`": INQUIRY_KINDS.map((kind) => `${kind}.handled`),
  "`${input.kind}.reply`": INQUIRY_KINDS.map((kind) => `${kind}.reply`),
  '`account.${row.kind === "block" ? "unblock" : "unsuspend"}`': ["account.unblock", "account.unsuspend"],
  '`payout.${step === "approved" ? "approve" : step === "rejected" ? "reject" : step === "paid" ? "mark_paid" : "export"}`':
    ["payout.approve", "payout.reject", "payout.mark_paid", "payout.export"],
  "`report.${input.outcome}`": REPORT_OUTCOMES.map((outcome) => `report.${outcome}`),
  '`age_verification.${status === "verified" ? "approve" : underage ? "underage" : "reject"}`': [
    "age_verification.approve",
    "age_verification.underage",
    "age_verification.reject",
  ],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

/** The expression after `action:` up to its end (a comma, a brace or the line's end outside `${…}`). */
function expressionAt(text: string, start: number): string {
  let depth = 0;
  let inTemplate = false;
  let inString = false;
  let out = "";
  for (let i = start; i < text.length; i += 1) {
    const c = text[i]!;
    if (!inTemplate && !inString && depth === 0 && (c === "," || c === "}" || c === "\n")) break;
    if (c === "`" && depth === 0) inTemplate = !inTemplate;
    else if (c === '"' && !inTemplate && depth === 0) inString = !inString;
    else if (inTemplate && c === "$" && text[i + 1] === "{") depth += 1;
    else if (depth > 0 && c === "}") depth -= 1;
    out += c;
  }
  return out.trim();
}

/** Every action the use cases write to the audit log, read from their source. */
function writtenActions(): { file: string; action: string }[] {
  const found: { file: string; action: string }[] = [];
  for (const file of sourceFiles("app/.server")) {
    if (file.endsWith("write-audit.ts")) continue;
    const text = readFileSync(file, "utf8");
    for (const match of text.matchAll(/writeAudit\(|audit: \{/g)) {
      const at = text.indexOf("action:", match.index);
      if (at === -1) continue;
      const expression = expressionAt(text, at + "action:".length);
      if (expression.includes("`")) {
        const expansions = TEMPLATES[expression];
        if (!expansions) throw new Error(`${file}: add the actions of ${expression} to TEMPLATES`);
        for (const action of expansions) found.push({ file, action });
      } else
        for (const [, action] of expression.matchAll(/"([^"]+)"/g)) found.push({ file, action: action! });
    }
  }
  return found;
}

describe("every action written has its Japanese label", () => {
  const written = writtenActions();

  it("the source was read (the audit writes of the console, the command line and the logins)", () => {
    const actions = new Set(written.map((w) => w.action));
    expect(actions.size).toBeGreaterThan(50);
    for (const action of [
      "store.suspend",
      "payout.reject",
      "report.blocked",
      "transfer_account.update",
      "login",
    ])
      expect(actions).toContain(action);
  });

  it.each(written.map((w) => [w.action, path.relative("app/.server", w.file)]))("%s (%s)", (action) => {
    expect(Object.hasOwn(AUDIT_ACTION_LABELS, action), `no label for ${action}`).toBe(true);
    expect(auditActionLabel(action)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });

  it("an action no longer written reads as a word, not its key", () => {
    expect(auditActionLabel("store.teleport")).toBe("その他の操作");
    expect(auditActionLabel("constructor")).toBe("その他の操作");
  });
});

const STORE = "Kq3xY8vLmN2pR7sT";
const STAFF = "Zt9wB4cDfG6hJ1kL";
const REPORT = "3f2b8c1e-5d4a-4b6e-9f7a-1c2d3e4f5a6b";
const BATCH = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const NAMES = { [STORE]: "ラウンジ 月", [STAFF]: "あかり" };

const entry = (
  action: string,
  details: Record<string, unknown>,
  target: [string, string | null] = ["", null],
): AuditEntryInput => ({ action, target_type: target[0], target_id: target[1], details });

const lines = (e: AuditEntryInput) =>
  auditDetailLines(e, NAMES).map((l) => `${l.label}：${l.value}${l.href ? ` <${l.href}>` : ""}`);

describe("the details as lines", () => {
  it.each([
    [
      "a store suspended",
      entry(
        "store.suspend",
        { reason: "写真が規約違反です", previous_status: "public", suspension_id: REPORT },
        ["liver", STORE],
      ),
      ["理由：写真が規約違反です", "停止前の状態：公開中", "停止の記録：3f2b8c1e…"],
    ],
    [
      "a store's suspension lifted while billing's holds",
      entry("store.unsuspend", {
        note: "ご対応ありがとうございました",
        status: "suspended",
        still_held_by: ["billing"],
      }),
      [
        "店舗へのメッセージ：ご対応ありがとうございました",
        "解除後の状態：停止中",
        "なお停止中の理由：お支払いの未完了による停止",
      ],
    ],
    ["a status changed", entry("store.status", { from: "public", to: "private" }), ["変更：公開中 → 非公開"]],
    ["a rank removed", entry("store.order", { from: 3, to: null }), ["変更：3位 → 順位なし"]],
    [
      "a plan with the limit",
      entry("store.plan", { from: "basic", to: "premium", limit_staff: { from: 3, to: 10 } }),
      ["変更：basic → premium", "キャスト上限：3名 → 10名"],
    ],
    [
      "stores reordered",
      entry("stores.reorder", { direction: "down", ids: [STORE, STAFF, "x"] }),
      ["移動：下へ", "並び：3店舗の順番"],
    ],
    [
      "a setting changed (its own words)",
      entry("config.update", { from: null, to: 5000, default: 5000 }, ["config", "payout_min_yen"]),
      ["変更：既定値 → 5,000円", "既定値：5,000円"],
    ],
    [
      "a boolean setting reset",
      entry("config.reset", { from: false, to: null, default: true }, ["config", "shop_entry_open"]),
      ["変更：停止する → 既定値", "既定値：受け付ける"],
    ],
    [
      "a report decided with a suspension",
      entry(
        "report.suspended",
        {
          reported_id: STAFF,
          reporter_id: "Lst000000000001x",
          place_id: REPORT,
          note: "暴言",
          suspension_id: BATCH,
          days: 7,
          ends_at: "2026-12-03T03:05:00.000Z",
        },
        ["room_report", REPORT],
      ),
      [
        "通報された人：あかり",
        "通報者：Lst00000…",
        "場所：3f2b8c1e…",
        "伝えた理由：暴言",
        "停止の記録：9a8b7c6d…",
        "停止期間：7日間",
        "終了日時：2026/12/03 12:05",
      ],
    ],
    [
      "an account's block lifted, from its report",
      entry("account.unblock", {
        suspension_id: REPORT,
        reason: "誤りでした",
        report_id: REPORT,
        report_kind: "live",
        still_held: false,
      }),
      [
        "停止の記録：3f2b8c1e…",
        "理由：誤りでした",
        `通報：ライブコメントの通報 </admin/reports/live/${REPORT}>`,
        "ほかの停止が続いているか：いいえ",
      ],
    ],
    [
      "a payout rejected",
      entry("payout.reject", {
        liver_id: STORE,
        gross_yen: 12000,
        net_yen: 11670,
        tx_id: REPORT,
        reason: "口座名義違い",
      }),
      [
        `店舗：ラウンジ 月 </admin/stores/${STORE}>`,
        "申請額：¥12,000",
        "振込額：¥11,670",
        "取引：3f2b8c1e…",
        "理由：口座名義違い",
      ],
    ],
    [
      "a payout exported",
      entry("payout.export", {
        liver_id: STORE,
        gross_yen: 5000,
        net_yen: 4670,
        tx_id: null,
        batch_id: BATCH,
      }),
      [
        `店舗：ラウンジ 月 </admin/stores/${STORE}>`,
        "申請額：¥5,000",
        "振込額：¥4,670",
        "取引：なし",
        `振込データ：9a8b7c6d… </admin/payout-batches/${BATCH}>`,
      ],
    ],
    [
      "a batch made",
      entry("payout.export_batch", { count: 2, total_yen: 1234567, transfer_date: "2026-12-01" }),
      ["件数：2", "合計金額：¥1,234,567", "振込日：2026-12-01"],
    ],
    [
      "the transfer account changed",
      entry("transfer_account.update", {
        from: {
          code: "1234567890",
          name: "ｶ)ﾖﾙﾅﾋﾞ",
          bankCode: "0005",
          bankName: "",
          branchCode: "001",
          branchName: "",
          accountType: "saving",
          accountNumber: "1234567",
        },
        to: {
          code: "1234567890",
          name: "ｶ)ﾖﾙﾅﾋﾞ",
          bankCode: "0009",
          bankName: "",
          branchCode: "001",
          branchName: "",
          accountType: "checking",
          accountNumber: "1234567",
        },
        changed: ["bankCode", "accountType"],
      }),
      ["金融機関コード：0005 → 0009", "預金種目：普通 → 当座"],
    ],
    [
      "the transfer account set for the first time",
      entry("transfer_account.update", {
        from: null,
        to: {
          code: "1234567890",
          name: "ｶ)ﾖﾙﾅﾋﾞ",
          bankCode: "0005",
          bankName: "",
          branchCode: "001",
          branchName: "",
          accountType: "saving",
          accountNumber: "1234567",
        },
        changed: ["code"],
      }),
      [
        "委託者コード：なし → 1234567890",
        "委託者名：なし → ｶ)ﾖﾙﾅﾋﾞ",
        "金融機関コード：なし → 0005",
        "金融機関名：なし → なし",
        "支店コード：なし → 001",
        "支店名：なし → なし",
        "預金種目：なし → 普通",
        "口座番号：なし → 1234567",
      ],
    ],
    [
      "a coin pack edited",
      entry("coin_pack.update", {
        before: { name: "500コイン", coins: 500, bonus_coins: 0, price_jpy: 500, sort_order: 1 },
        after: { name: "500コイン", coins: 500, bonus_coins: 50, price_jpy: 480, sort_order: 1 },
      }),
      ["ボーナスコイン：0 → 50", "価格：¥500 → ¥480"],
    ],
    [
      "an item created",
      entry("item.create", { name: "シャンパン", coin_price: 3000, point_value: 2400, sort_order: 0 }),
      ["名前：シャンパン", "コイン価格：3,000", "換金ポイント：2,400", "表示順：0"],
    ],
    ["an item retired", entry("item.retire", { from: "active", to: "hidden" }), ["変更：販売中 → 販売終了"]],
    [
      "an item's picture",
      entry("item.image", { from: null, to: "/uploads/items/rose/ab12.webp" }),
      ["変更：なし → ab12.webp"],
    ],
    [
      "a reply to a listing request",
      entry("shop_entry.reply", {
        mail_id: BATCH,
        mail_status: "sent",
        to: "shop@example.com",
        subject: "ご連絡",
      }),
      ["メール：9a8b7c6d… </admin/mail>", "送信状態：送信済み", "宛先：shop@example.com", "件名：ご連絡"],
    ],
    [
      "an inquiry handled by the reply",
      entry("contact.handled", { from: "new", to: "handled", with: "reply" }),
      ["変更：未対応 → 対応済み", "対応のきっかけ：返信"],
    ],
    [
      "a mail sent again",
      entry("mail.resend", {
        to: "a@example.com",
        kind: "verify-email",
        status_before: "failed",
        status_after: "queued",
      }),
      ["宛先：a@example.com", "メールの種類：verify-email", "送信状態：送信失敗 → 送信待ち"],
    ],
    [
      "news scheduled",
      entry("news.create", {
        intent: "schedule",
        title: "年末年始のお知らせ",
        audience: "all",
        published_at: "2026-12-28T01:00:00.000Z",
        send_mail: true,
        mail_requested: false,
      }),
      [
        "操作：予約して公開",
        "タイトル：年末年始のお知らせ",
        "配信先：全員",
        "公開日時：2026/12/28 10:00",
        "メールでも知らせる：はい",
        "メールの送信：いいえ",
      ],
    ],
    [
      "a performer hidden",
      entry("staff.hide", { liver_id: STORE, reason: "写真", was_displayed: true }, ["staff", STAFF]),
      [`店舗：ラウンジ 月 </admin/stores/${STORE}>`, "理由：写真", "非表示にする前の表示：はい"],
    ],
    ["a failed login", entry("login.failed", { reason: "code" }), ["失敗の理由：確認コードの誤り"]],
    [
      "the command line's operator",
      entry("operator.create", { via: "cli", email: "ops@example.com" }),
      ["操作の経路：コマンドライン", "メールアドレス：ops@example.com"],
    ],
  ])("%s", (_name, e, expected) => {
    expect(lines(e)).toEqual(expected);
  });

  it.each(Object.keys(AUDIT_ACTION_LABELS))("%s: no line shows a key of the stored JSON", (action) => {
    const details = {
      reason: "x",
      liver_id: STORE,
      from: "public",
      to: "private",
      suspension_id: REPORT,
      ends_at: "2026-12-03T03:05:00.000Z",
    };
    for (const line of auditDetailLines(entry(action, details), NAMES)) {
      expect(line.label).not.toMatch(/[a-z_]/);
      expect(line.value).not.toMatch(/\b(liver_id|suspension_id|ends_at|from|to)\b/);
    }
  });

  it("an unknown key is 「その他」, not its name", () => {
    expect(lines(entry("store.review", { mystery_key: 3 }))).toEqual(["その他：3"]);
  });
});

describe("the object of an entry", () => {
  it.each([
    [["liver", STORE], { label: "店舗", value: "ラウンジ 月", href: `/admin/stores/${STORE}` }],
    [["staff", STAFF], { label: "キャスト", value: "あかり", href: `/admin/staff/${STAFF}` }],
    [
      ["liver", "Unknown0000000001"],
      { label: "店舗", value: "Unknown0…", href: "/admin/stores/Unknown0000000001" },
    ],
    [
      ["config", "payout_min_yen"],
      { label: "設定項目", value: "振込申請の最低金額", href: "/admin/config#config-payout_min_yen" },
    ],
    [
      ["room_report", REPORT],
      { label: "メッセージの通報", value: "3f2b8c1e…", href: `/admin/reports/room/${REPORT}` },
    ],
    [
      ["payout_batch", BATCH],
      { label: "振込データ", value: "9a8b7c6d…", href: `/admin/payout-batches/${BATCH}`, download: true },
    ],
    [
      ["transfer_account", null],
      { label: "振込元口座", value: "運営の口座", href: "/admin/settings/transfer" },
    ],
    [["operator", "Op0000000000000001"], { label: "運営アカウント", value: "Op000000…" }],
    [["something_new", "abc"], { label: "対象", value: "abc" }],
    [["", null], null],
  ] as const)("%j → %j", ([type, id], target) => {
    expect(describeAuditEntry(entry("store.review", {}, [type, id]), NAMES).target).toEqual(target);
  });

  it("the names to look up: the target account and the accounts in the details", () => {
    expect(
      auditAccountIds(
        entry("payout.reject", { liver_id: STORE, reporter_id: STAFF, tx_id: REPORT }, ["staff", "s1"]),
      ),
    ).toEqual(["s1", STORE, STAFF]);
    expect(auditAccountIds(entry("config.update", {}, ["config", "payout_min_yen"]))).toEqual([]);
  });

  it("ids are shortened past 12 characters", () => {
    expect(shortId("short-id")).toBe("short-id");
    expect(shortId(REPORT)).toBe("3f2b8c1e…");
  });
});
