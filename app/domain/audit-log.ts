import { ACCOUNT_SUSPENSION_TEXTS } from "./account-suspensions";
import { auditActionLabel, formatAdminDateTime, INQUIRY_STATUS_LABELS } from "./admin";
import { CATALOGUE_STATUS_LABELS } from "./admin-catalogue";
import { formatNumber, formatYen } from "./format";
import { MAIL_STATUS_LABELS } from "./mail-status";
import { NEWS_AUDIENCE_LABELS } from "./news";
import { STORE_STATUSES } from "./options";
import { formatRemoteConfigValue, REMOTE_CONFIG_KEYS } from "./remote-config";
import { REPORT_TEXTS } from "./reports";
import { STORE_SUSPENSION_SOURCE_LABELS } from "./store-suspension";
import { ACCOUNT_TYPE_LABELS, TRANSFER_ACCOUNT_LABELS } from "./transfer-account";

/**
 * The audit log as the console reads it (ADR 0019, ADR 0053): an entry's action in Japanese
 * (`auditActionLabel`), what it was done to — named and linked where the console has a page — and
 * its details as 「label: value」 lines: dates in Tokyo time, money in yen, statuses in their words,
 * ids shortened or linked, a change as 「before → after」. Never a raw key of the stored JSON. Pure.
 */

export interface AuditLine {
  label: string;
  value: string;
  /** A console page about the value. */
  href?: string;
  /** The link is a file (a 全銀 batch): a document request, not a page. */
  download?: boolean;
}

export interface AuditEntryView {
  /** The action in Japanese. */
  title: string;
  /** What the action was done to, when it names something. */
  target: AuditLine | null;
  lines: AuditLine[];
}

export interface AuditEntryInput {
  action: string;
  target_type: string;
  target_id: string | null;
  details: Record<string, unknown>;
}

/** Names of the accounts an entry mentions (stores, staff, listeners), by id, when known. */
export type AuditNames = Readonly<Record<string, string>>;

/** An id shortened for reading: the first 8 characters of a long one. */
export function shortId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

const nameOrId = (id: string, names: AuditNames) => names[id] ?? shortId(id);

interface TargetKind {
  label: string;
  href?: (id: string) => string;
  download?: true;
  value?: (id: string, names: AuditNames) => string;
}

const TARGETS: Record<string, TargetKind> = {
  liver: { label: "店舗", href: (id) => `/admin/stores/${id}` },
  staff: { label: "キャスト", href: (id) => `/admin/staff/${id}` },
  account: { label: "アカウント" },
  operator: { label: "運営アカウント" },
  config: {
    label: "設定項目",
    href: (key) => `/admin/config#config-${key}`,
    value: (key) =>
      REMOTE_CONFIG_KEYS[key as keyof typeof REMOTE_CONFIG_KEYS]?.label ?? "（削除された設定項目）",
  },
  news: { label: "お知らせ", href: (id) => `/admin/news/${id}` },
  coin_pack: { label: "コインパック", href: () => "/admin/coin-packs", value: (id) => id },
  item: { label: "アイテム", href: () => "/admin/items", value: (id) => id },
  payout_request: { label: "出金申請", href: () => "/admin/payouts?status=all" },
  payout_batch: { label: "振込データ", href: (id) => `/admin/payout-batches/${id}`, download: true },
  transfer_account: {
    label: "振込元口座",
    href: () => "/admin/settings/transfer",
    value: () => "運営の口座",
  },
  room_report: { label: "メッセージの通報", href: (id) => `/admin/reports/room/${id}` },
  live_comment_report: { label: "ライブコメントの通報", href: (id) => `/admin/reports/live/${id}` },
  mail: { label: "メール", href: () => "/admin/mail" },
  shop_entry: { label: "掲載リクエスト", href: (id) => `/admin/shop_entry/${id}` },
  contact: { label: "お問い合わせ", href: (id) => `/admin/contact/${id}` },
  ranking: { label: "掲載順", href: () => "/admin/stores/ranking", value: () => "店舗一覧の並び" },
  post: { label: "投稿", href: () => "/admin/posts" },
  age_verification: { label: "年齢確認", href: (id) => `/admin/age-verifications/${id}` },
};

/** What the entry was done to, named (a store's name, a setting's label) and linked when it can be. */
function targetLine(entry: AuditEntryInput, names: AuditNames): AuditLine | null {
  if (!entry.target_type && !entry.target_id) return null;
  const kind = TARGETS[entry.target_type];
  const id = entry.target_id ?? "";
  if (!kind) return id ? { label: "対象", value: shortId(id) } : null;
  if (!id && !kind.value) return null;
  return {
    label: kind.label,
    value: kind.value ? kind.value(id, names) : nameOrId(id, names),
    ...(kind.href ? { href: kind.href(id) } : {}),
    ...(kind.download ? { download: true } : {}),
  };
}

/** The words of the details' keys; a key whose label depends on the action is in KEY_LABELS_BY_ACTION. */
const KEY_LABELS: Record<string, string> = {
  reason: "理由",
  note: "メモ",
  previous_status: "停止前の状態",
  suspension_id: "停止の記録",
  status: "解除後の状態",
  still_held_by: "なお停止中の理由",
  still_held: "ほかの停止が続いているか",
  liver_id: "店舗",
  staff_id: "キャスト",
  listener_id: "リスナー",
  reported_id: "通報された人",
  reporter_id: "通報者",
  place_id: "場所",
  days: "停止期間",
  ends_at: "終了日時",
  report_id: "通報",
  email: "メールアドレス",
  via: "操作の経路",
  ids: "並び",
  direction: "移動",
  limit_staff: "キャスト上限",
  default: "既定値",
  mail_id: "メール",
  mail_status: "送信状態",
  subject: "件名",
  kind: "メールの種類",
  intent: "操作",
  title: "タイトル",
  audience: "配信先",
  published_at: "公開日時",
  send_mail: "メールでも知らせる",
  mail_requested: "メールの送信",
  name: "名前",
  coins: "コイン数",
  bonus_coins: "ボーナスコイン",
  price_jpy: "価格",
  coin_price: "コイン価格",
  point_value: "換金ポイント",
  sort_order: "表示順",
  count: "件数",
  total_yen: "合計金額",
  transfer_date: "振込日",
  gross_yen: "申請額",
  net_yen: "振込額",
  tx_id: "取引",
  batch_id: "振込データ",
  is_displayed: "店舗の表示設定",
  was_displayed: "非表示にする前の表示",
  login_id: "ログインID",
  document_kind: "書類の種類",
  source: "取り込み元",
  to: "宛先",
  with: "対応のきっかけ",
};

const KEY_LABELS_BY_ACTION: Record<string, Record<string, string>> = {
  "store.unsuspend": { note: "店舗へのメッセージ" },
  "report.dismissed": { note: "伝えた理由" },
  "report.warned": { note: "伝えた理由" },
  "report.blocked": { note: "伝えた理由" },
  "report.suspended": { note: "伝えた理由" },
  "login.failed": { reason: "失敗の理由" },
};

/** Keys shown by another line (a report's kind goes with its id), or kept only for the record. */
const HIDDEN_KEYS = new Set(["report_kind", "changed"]);

const YEN_KEYS = new Set(["price_jpy", "total_yen", "gross_yen", "net_yen"]);

const LOGIN_FAILURES: Record<string, string> = {
  password: "アドレスまたはパスワードの誤り",
  code: "確認コードの誤り",
  replayed: "使用済みの確認コード",
};

const NEWS_INTENTS: Record<string, string> = {
  publish_now: "すぐに公開",
  schedule: "予約して公開",
  save: "下書き保存",
};

const storeStatus = (value: unknown) =>
  STORE_STATUSES.find((s) => s.value === value)?.label ?? (value === null ? "なし" : String(value));

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A value as read: yes/no, numbers grouped, dates in Tokyo time, long ids shortened. */
function plainValue(value: unknown): string {
  if (value === null || value === undefined || value === "") return "なし";
  if (typeof value === "boolean") return value ? "はい" : "いいえ";
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "string") {
    if (ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) return formatAdminDateTime(value);
    if (UUID.test(value)) return shortId(value);
    return value;
  }
  if (Array.isArray(value)) return value.map(plainValue).join("、");
  return Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => `${KEY_LABELS[key] ?? "項目"}：${plainValue(inner)}`)
    .join("、");
}

/** One key's value, in the words of what it is. */
function detailLine(
  entry: AuditEntryInput,
  key: string,
  value: unknown,
  names: AuditNames,
): AuditLine | null {
  const label = KEY_LABELS_BY_ACTION[entry.action]?.[key] ?? KEY_LABELS[key] ?? "その他";
  const line = (text: string, href?: string): AuditLine => ({
    label,
    value: text,
    ...(href ? { href } : {}),
  });
  if (typeof value === "string" && value !== "")
    switch (key) {
      case "liver_id":
        return line(nameOrId(value, names), `/admin/stores/${value}`);
      case "staff_id":
        return line(nameOrId(value, names), `/admin/staff/${value}`);
      case "listener_id":
      case "reported_id":
      case "reporter_id":
        return line(nameOrId(value, names));
      case "report_id": {
        const kind = entry.details.report_kind;
        return kind === "room" || kind === "live"
          ? line(`${REPORT_TEXTS.kind[kind]}の通報`, `/admin/reports/${kind}/${value}`)
          : line(shortId(value));
      }
      case "batch_id":
        return { ...line(shortId(value), `/admin/payout-batches/${value}`), download: true };
      case "mail_id":
        return line(shortId(value), "/admin/mail");
      case "previous_status":
      case "status":
        return line(storeStatus(value));
      case "mail_status":
        return line(MAIL_STATUS_LABELS[value as keyof typeof MAIL_STATUS_LABELS] ?? value);
      case "audience":
        return line(NEWS_AUDIENCE_LABELS[value as keyof typeof NEWS_AUDIENCE_LABELS] ?? value);
      case "intent":
        return line(NEWS_INTENTS[value] ?? value);
      case "direction":
        return line(value === "up" ? "上へ" : value === "down" ? "下へ" : value);
      case "via":
        return line(value === "cli" ? "コマンドライン" : value);
      case "with":
        return line(value === "reply" ? "返信" : value);
      case "reason":
        if (entry.action === "login.failed") return line(LOGIN_FAILURES[value] ?? value);
        break;
    }
  if (key === "days" && typeof value === "number") return line(ACCOUNT_SUSPENSION_TEXTS.days(value));
  if (YEN_KEYS.has(key) && typeof value === "number") return line(formatYen(value));
  if (key === "ids" && Array.isArray(value)) return line(`${value.length}店舗の順番`);
  if (key === "still_held_by" && Array.isArray(value))
    return line(
      value.length === 0
        ? "なし"
        : value
            .map(
              (source) =>
                STORE_SUSPENSION_SOURCE_LABELS[source as keyof typeof STORE_SUSPENSION_SOURCE_LABELS] ??
                String(source),
            )
            .join("、"),
    );
  if (key === "limit_staff" && value && typeof value === "object" && "from" in value && "to" in value)
    return line(`${plainValue(value.from)}名 → ${plainValue(value.to)}名`);
  return line(plainValue(value));
}

/** A change's two sides in the words of what changed (a status, a setting's value, a rank…). */
function changeValue(entry: AuditEntryInput, value: unknown): string {
  switch (entry.action) {
    case "store.status":
      return storeStatus(value);
    case "store.order":
      return value === null ? "順位なし" : `${plainValue(value)}位`;
    case "store.limit_staff":
      return `${plainValue(value)}名`;
    case "coin_pack.retire":
    case "coin_pack.restore":
    case "item.retire":
    case "item.restore":
      return CATALOGUE_STATUS_LABELS[value as keyof typeof CATALOGUE_STATUS_LABELS] ?? plainValue(value);
    case "shop_entry.handled":
    case "contact.handled":
      return INQUIRY_STATUS_LABELS[value as keyof typeof INQUIRY_STATUS_LABELS] ?? plainValue(value);
    case "mail.resend":
      return MAIL_STATUS_LABELS[value as keyof typeof MAIL_STATUS_LABELS] ?? plainValue(value);
    case "item.image":
      return typeof value === "string" && value ? (value.split("/").pop() ?? value) : "なし";
    case "config.update":
    case "config.reset": {
      const definition = REMOTE_CONFIG_KEYS[entry.target_id as keyof typeof REMOTE_CONFIG_KEYS];
      if (value === null) return "既定値";
      return definition ? formatRemoteConfigValue(definition, value) : plainValue(value);
    }
    default:
      return plainValue(value);
  }
}

/** Field labels of the catalogue entries an entry keeps before and after. */
const FIELD_LABELS: Record<string, string> = {
  name: "名前",
  coins: "コイン数",
  bonus_coins: "ボーナスコイン",
  price_jpy: "価格",
  coin_price: "コイン価格",
  point_value: "換金ポイント",
  sort_order: "表示順",
  pack_id: "パックID",
  item_id: "アイテムID",
};

const fieldValue = (key: string, value: unknown) =>
  key === "accountType"
    ? (ACCOUNT_TYPE_LABELS[value as keyof typeof ACCOUNT_TYPE_LABELS] ?? plainValue(value))
    : YEN_KEYS.has(key) && typeof value === "number"
      ? formatYen(value)
      : plainValue(value);

/** Two objects as the lines of the fields that differ: 「金融機関コード: 0005 → 0009」. */
function objectChanges(entry: AuditEntryInput, before: unknown, after: unknown): AuditLine[] {
  const labels: Record<string, string> =
    entry.action === "transfer_account.update" ? TRANSFER_ACCOUNT_LABELS : FIELD_LABELS;
  const from = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const to = (after && typeof after === "object" ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(to), ...Object.keys(from)])];
  return keys
    .filter((key) => JSON.stringify(from[key]) !== JSON.stringify(to[key]))
    .map((key) => ({
      label: labels[key] ?? KEY_LABELS[key] ?? "その他",
      value: `${key in from ? fieldValue(key, from[key]) : "なし"} → ${fieldValue(key, to[key])}`,
    }));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The details of an entry as lines, in the order they were written. */
export function auditDetailLines(entry: AuditEntryInput, names: AuditNames = {}): AuditLine[] {
  const details = entry.details ?? {};
  const lines: AuditLine[] = [];
  const has = (key: string) => Object.hasOwn(details, key);
  // A whole object created (a catalogue entry): its fields, labelled.
  if (entry.action === "coin_pack.create" || entry.action === "item.create") {
    for (const [key, value] of Object.entries(details))
      lines.push({ label: FIELD_LABELS[key] ?? KEY_LABELS[key] ?? "その他", value: fieldValue(key, value) });
    return lines;
  }
  for (const [key, value] of Object.entries(details)) {
    if (HIDDEN_KEYS.has(key)) continue;
    if (key === "before" && has("after")) {
      lines.push(...objectChanges(entry, value, details.after));
      continue;
    }
    if (key === "after" && has("before")) continue;
    if (key === "from" && has("to")) {
      if (isObject(value) || isObject(details.to)) lines.push(...objectChanges(entry, value, details.to));
      else
        lines.push({
          label: "変更",
          value: `${changeValue(entry, value)} → ${changeValue(entry, details.to)}`,
        });
      continue;
    }
    if (key === "to" && has("from")) continue;
    if (key === "status_before" && has("status_after")) {
      lines.push({
        label: "送信状態",
        value: `${changeValue(entry, value)} → ${changeValue(entry, details.status_after)}`,
      });
      continue;
    }
    if (key === "status_after" && has("status_before")) continue;
    if (key === "default" && (entry.action === "config.update" || entry.action === "config.reset")) {
      lines.push({ label: "既定値", value: changeValue({ ...entry, action: "config.update" }, value) });
      continue;
    }
    const line = detailLine(entry, key, value, names);
    if (line) lines.push(line);
  }
  return lines;
}

/** An entry as the audit log page shows it. */
export function describeAuditEntry(entry: AuditEntryInput, names: AuditNames = {}): AuditEntryView {
  return {
    title: auditActionLabel(entry.action),
    target: targetLine(entry, names),
    lines: auditDetailLines(entry, names),
  };
}

/** The ids of accounts an entry mentions, whose names the page looks up. */
export function auditAccountIds(entry: AuditEntryInput): string[] {
  const ids: string[] = [];
  if (entry.target_id && ["liver", "staff", "account"].includes(entry.target_type)) ids.push(entry.target_id);
  for (const key of ["liver_id", "staff_id", "listener_id", "reported_id", "reporter_id"]) {
    const value = entry.details?.[key];
    if (typeof value === "string" && value) ids.push(value);
  }
  return ids;
}
