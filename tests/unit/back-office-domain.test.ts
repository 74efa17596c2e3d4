import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/.server/http/form";
import {
  BANK_ACCOUNT_MESSAGES,
  BankAccountSchema,
  isAccountHolder,
  maskedAccountNumber,
} from "~/domain/bank-account";
import { hasImageExtension } from "~/domain/images";
import { manualVideosFor, youtubeEmbedUrl } from "~/domain/manual-videos";
import { MATCHING_QUESTIONS, PUBLISHED_PROFILE_KEYS } from "~/domain/options";
import {
  emptyPriceSystem,
  hasPrices,
  normalizeAmount,
  PRICE_SYSTEM_MESSAGES,
  PriceSystemSchema,
  priceSetTime,
  priceSystemFormValues,
  surchargeNotice,
} from "~/domain/price-system";
import {
  addDays,
  dayLabel,
  isIsoDate,
  monthGrid,
  ReplaceSchedulesSchema,
  SHIFT_MESSAGES,
  ShiftFormSchema,
  scheduleViewOf,
  tokyoToday,
  weekOffsetOf,
  weekStart,
} from "~/domain/shifts";
import { isBirthDate, STAFF_PROFILE_MESSAGES, StaffProfileSchema } from "~/domain/staff-profile";
import { LOG_DESCRIPTIONS } from "~/domain/store-logs";
import { isSlug, STORE_PROFILE_MESSAGES, StoreProfileSchema } from "~/domain/store-profile";
import { messages } from "~/domain/validators";

const LONG = "a".repeat(251);
const EMOJI = "🍾";

function errorsOf(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value) as { success: boolean; error?: { issues: never[] } };
  return result.success ? {} : fieldErrorsOf(result.error!.issues, value as never);
}

describe("store profile", () => {
  const valid = {
    store_name: "Bar ルナ",
    store_name_kana: "バー　ルナ",
    slug: "bar-luna",
    status: "private",
    store_type: "other",
    phone_number: "０３－１２３４－５６７８",
    postal_code: "１６００００２",
    address: "東京都新宿区",
    buildingName: "",
    region: "kanto",
    prefecture: "tokyo",
    group: "",
    area: "kabukicho",
    area_detail: "",
    business_start_time: "19:00",
    business_end_time: "LAST",
    holidays: ["土曜", "日曜"],
    services: [],
    commitments: ["card", "vip_room"],
  };

  it("accepts a full form, normalising the phone, postal code and the order of the lists", () => {
    const parsed = StoreProfileSchema.parse(valid);
    expect(parsed).toMatchObject({
      phone_number: "03-1234-5678",
      postal_code: "160-0002",
      holidays: ["日曜", "土曜"],
      commitments: ["vip_room", "card"],
      status: "private",
    });
  });

  it.each([
    ["bar-luna", true],
    ["abc", true],
    ["ab", false],
    ["a".repeat(40), true],
    ["a".repeat(41), false],
    ["-luna", false],
    ["luna-", false],
    ["lu--na", false],
    ["Luna", false],
    ["ルナ", false],
    ["", false],
    [EMOJI, false],
    [LONG, false],
  ])("isSlug(%j) = %s", (slug, ok) => {
    expect(isSlug(slug)).toBe(ok);
  });

  it.each([
    ["ＢＡＲ－ＬＵＮＡ", undefined, "bar-luna"],
    ["  Bar-Luna  ", undefined, "bar-luna"],
    ["", messages.required, undefined],
    ["bar luna", STORE_PROFILE_MESSAGES.slug, undefined],
    ["ﾙﾅ", STORE_PROFILE_MESSAGES.slug, undefined],
    [`luna${EMOJI}`, STORE_PROFILE_MESSAGES.slug, undefined],
    [LONG, STORE_PROFILE_MESSAGES.slug, undefined],
    ["mypage", STORE_PROFILE_MESSAGES.slug_reserved, undefined],
  ])("slug %j → error %j, value %j", (slug, error, value) => {
    const result = StoreProfileSchema.safeParse({ ...valid, slug });
    if (error) {
      expect(result.success).toBe(false);
      expect(errorsOf(StoreProfileSchema, { ...valid, slug }).slug).toBe(error);
    } else {
      expect(result.success && result.data.slug).toBe(value);
    }
  });

  it.each([
    ["store_name", "", messages.required],
    ["store_name", "あ".repeat(51), "店舗名は50文字以内で入力してください"],
    ["store_name", EMOJI.repeat(50), undefined],
    ["store_name_kana", "ﾊﾞｰ", messages.katakana],
    ["store_name_kana", "ばー", messages.katakana],
    ["status", "deleted", STORE_PROFILE_MESSAGES.status],
    ["holidays", ["毎日"], STORE_PROFILE_MESSAGES.list_item],
    ["services", ["casino"], STORE_PROFILE_MESSAGES.list_item],
    ["address", LONG, "住所は200文字以内で入力してください"],
  ])("%s = %j → %j", (field, value, error) => {
    expect(errorsOf(StoreProfileSchema, { ...valid, [field]: value })[field]).toBe(error);
  });
});

describe("staff profile", () => {
  const valid: Record<string, unknown> = {
    name: "ゆい",
    name_kana: "ユイ",
    age: "18",
    height: "150",
    matching_info: Object.fromEntries(MATCHING_QUESTIONS.map((q) => [q.key, q.answers[0].value])),
    published_profile: Object.fromEntries(PUBLISHED_PROFILE_KEYS.map((key) => [key, "1"])),
  };

  it("fills blanks with the defaults: optional selects empty, nothing hidden unless unticked", () => {
    const parsed = StaffProfileSchema.parse({ ...valid, published_profile: { age: "1", name: "on" } });
    expect(parsed).toMatchObject({
      age: 18,
      height: 150,
      birth_of_date: "",
      blood_type: "",
      introduction: "",
      instagram_id: "",
      followers: null,
    });
    expect(parsed.published_profile.age).toBe(true);
    expect(parsed.published_profile.name).toBe(true);
    expect(parsed.published_profile.height).toBe(false);
  });

  it.each([
    ["instagram_id", "yoru.navi_01", undefined],
    ["instagram_id", "@yoru", messages.starts_with_at],
    ["instagram_id", "yoru-navi", STAFF_PROFILE_MESSAGES.instagram_id],
    ["instagram_id", "ｙｏｒｕ", messages.password_like],
    ["instagram_id", "a".repeat(31), STAFF_PROFILE_MESSAGES.instagram_id],
    ["instagram_id", EMOJI, messages.password_like],
    ["tiktok_id", "yo", undefined],
    ["tiktok_id", "y", STAFF_PROFILE_MESSAGES.tiktok_id],
    ["tiktok_id", "a".repeat(25), STAFF_PROFILE_MESSAGES.tiktok_id],
    ["youtube_id", "YoruNavi-TV", undefined],
    ["youtube_id", `UC${"a".repeat(22)}`, undefined],
    ["youtube_id", "yo", STAFF_PROFILE_MESSAGES.youtube_id],
    ["youtube_id", LONG, STAFF_PROFILE_MESSAGES.youtube_id],
    ["age", "100", undefined],
    ["age", "101", STAFF_PROFILE_MESSAGES.age],
    ["age", "１８", STAFF_PROFILE_MESSAGES.age],
    ["height", "99", STAFF_PROFILE_MESSAGES.height],
    ["followers", "1,200", undefined],
    ["followers", "１２００", undefined],
    ["followers", "-1", STAFF_PROFILE_MESSAGES.followers],
    ["followers", "1".repeat(251), STAFF_PROFILE_MESSAGES.followers],
    ["followers", EMOJI, STAFF_PROFILE_MESSAGES.followers],
    ["introduction", `${EMOJI.repeat(1000)}`, undefined],
    ["introduction", "あ".repeat(1001), "自己紹介は1000文字以内で入力してください"],
    ["introduction", "一行目\r\n二行目", undefined],
    ["name", "", messages.required],
    ["name_kana", "ﾕｲ", messages.katakana],
    ["personality_type", "INFP", STAFF_PROFILE_MESSAGES.choice],
  ])("%s = %j → %j", (field, value, error) => {
    expect(errorsOf(StaffProfileSchema, { ...valid, [field]: value })[field]).toBe(error);
  });

  it("reads followers with grouping and full-width digits as a number", () => {
    expect(StaffProfileSchema.parse({ ...valid, followers: "１,２００" }).followers).toBe(1200);
  });

  it("wants every matching answer to be one of its question's two", () => {
    const errors = errorsOf(StaffProfileSchema, { ...valid, matching_info: { animal: "bird" } });
    expect(errors["matching_info.animal"]).toBe(STAFF_PROFILE_MESSAGES.choice);
    expect(errors["matching_info.character"]).toBe("選択してください");
  });

  it.each([
    ["2000-02-29", true],
    ["2001-02-29", false],
    ["1919-12-31", false],
    ["1920-01-01", true],
    ["2026-11-23", true],
    ["2026-11-24", false],
    ["2000/01/01", false],
    ["", false],
  ])("isBirthDate(%j) = %s (today 2026-11-23)", (value, ok) => {
    expect(isBirthDate(value, "2026-11-23")).toBe(ok);
  });
});

describe("price system", () => {
  it.each([
    ["4000", "4000"],
    ["４，０００円", "4000"],
    ["¥4,000", "4000"],
    ["￥ 4 000", "4000"],
    ["4千円", "4千"],
    ["", ""],
  ])("normalizeAmount(%j) = %j", (input, output) => {
    expect(normalizeAmount(input)).toBe(output);
  });

  it.each([
    ["sets.0.price", "４０００", undefined],
    ["sets.0.price", "abc", PRICE_SYSTEM_MESSAGES.yen],
    ["sets.0.price", EMOJI, PRICE_SYSTEM_MESSAGES.yen],
    ["sets.0.price", "9".repeat(251), PRICE_SYSTEM_MESSAGES.yen],
    ["sets.0.price", "9999999", undefined],
    ["sets.0.price", "10000000", PRICE_SYSTEM_MESSAGES.yen],
    ["sets.0.minutes", "10", undefined],
    ["sets.0.minutes", "９０分", undefined],
    ["sets.0.minutes", "721", PRICE_SYSTEM_MESSAGES.minutes],
    ["sets.0.start_time", "OPEN", undefined],
    ["sets.0.start_time", "LAST", PRICE_SYSTEM_MESSAGES.time],
    ["sets.0.label", `${EMOJI.repeat(20)}`, undefined],
    ["sets.0.label", "あ".repeat(21), "補足は20文字以内で入力してください"],
  ])("%s = %j → %j", (name, value, error) => {
    const [, , field] = name.split(".");
    const row: Record<string, string> = {
      start_time: "20:00",
      end_time: "LAST",
      minutes: "60",
      price: "4000",
      label: "",
    };
    row[field!] = value;
    const input = { sets: { "0": row }, payment_methods: [] };
    expect(errorsOf(PriceSystemSchema, input)[name]).toBe(error);
  });

  it.each([
    ["service_charge_percent", "２０％", 20],
    ["service_charge_percent", "15.5", 15.5],
    ["tax_percent", "100", 100],
  ])("%s %j reads as %s", (field, value, expected) => {
    const parsed = PriceSystemSchema.parse({ [field]: value, payment_methods: [] });
    expect(parsed[field as "tax_percent"]).toBe(expected);
  });

  it("drops blank rows, keeps the rows' order by index, and refuses too many rows", () => {
    const parsed = PriceSystemSchema.parse({
      sets: {
        "10": { start_time: "", end_time: "", minutes: "90", price: "3000", label: "" },
        "2": { start_time: "20:00", end_time: "21:00", minutes: "60", price: "2000", label: "" },
        "3": { start_time: "", end_time: "", minutes: "", price: "", label: "" },
      },
      payment_methods: ["qr_code", "cash"],
    });
    expect(parsed.sets.map((s) => s.price)).toEqual([2000, 3000]);
    expect(parsed.payment_methods).toEqual(["cash", "qr_code"]);
    const many = Object.fromEntries(
      Array.from({ length: 13 }, (_, i) => [
        String(i),
        { start_time: "", end_time: "", minutes: "60", price: "1", label: "" },
      ]),
    );
    expect(errorsOf(PriceSystemSchema, { sets: many, payment_methods: [] }).sets).toBe(
      PRICE_SYSTEM_MESSAGES.too_many_sets,
    );
  });

  it("round-trips through the form values, and says what is charged on top", () => {
    const system = PriceSystemSchema.parse({
      sets: { "0": { start_time: "OPEN", end_time: "LAST", minutes: "60", price: "0", label: "女性" } },
      extension: { minutes: "30", price: "1500" },
      service_charge_percent: "20",
      tax_percent: "10",
      drinks: { "0": { name: "ビール", price: "800" } },
      payment_methods: ["cash"],
      note: "テスト",
    });
    expect(PriceSystemSchema.parse(priceSystemFormValues(system))).toEqual(system);
    expect(surchargeNotice(system)).toBe("表示料金とは別にサービス料20%・消費税10%がかかります");
    expect(priceSetTime(system.sets[0]!)).toBe("OPEN〜LAST");
    expect(priceSetTime({ start_time: "", end_time: "" })).toBe("時間指定なし");
    expect(hasPrices(emptyPriceSystem())).toBe(false);
    expect(hasPrices(null)).toBe(false);
    expect(hasPrices(system)).toBe(true);
  });
});

describe("bank account", () => {
  const valid = {
    account_holder: "ヨルナビ タロウ",
    bank_code: "0001",
    branch_code: "001",
    account_type: "",
    account_number: "0012345",
  };

  it("defaults to saving and writes spaces as U+3000", () => {
    expect(BankAccountSchema.parse(valid)).toEqual({
      ...valid,
      account_holder: "ヨルナビ\u3000タロウ",
      account_type: "saving",
    });
  });

  it.each([
    ["account_holder", "ｶ)ﾖﾙﾅﾋﾞ", undefined],
    ["account_holder", "よるなび", BANK_ACCOUNT_MESSAGES.account_holder],
    ["account_holder", "YORU", BANK_ACCOUNT_MESSAGES.account_holder],
    ["account_holder", EMOJI, BANK_ACCOUNT_MESSAGES.account_holder],
    ["account_holder", "ア".repeat(61), BANK_ACCOUNT_MESSAGES.account_holder_long],
    ["account_holder", "", messages.required],
    ["bank_code", "０００１", undefined],
    ["bank_code", "001", BANK_ACCOUNT_MESSAGES.bank_code],
    ["branch_code", "1-23", undefined],
    ["branch_code", "12a", BANK_ACCOUNT_MESSAGES.branch_code],
    ["account_number", "1234567", undefined],
    ["account_number", "12345678", BANK_ACCOUNT_MESSAGES.account_number],
    ["account_number", "1".repeat(251), BANK_ACCOUNT_MESSAGES.account_number],
    ["account_type", "checking", undefined],
    ["account_type", "gold", BANK_ACCOUNT_MESSAGES.account_type],
  ])("%s = %j → %j", (field, value, error) => {
    expect(errorsOf(BankAccountSchema, { ...valid, [field]: value })[field]).toBe(error);
  });

  it("knows corporate marks and masks numbers", () => {
    expect(isAccountHolder("カ）ヨルナビ")).toBe(true);
    expect(isAccountHolder("ヨルナビ（カ")).toBe(true);
    expect(maskedAccountNumber("1234567")).toBe("••••567");
  });
});

describe("shifts", () => {
  it("knows Tokyo's day across midnight UTC+9", () => {
    expect(tokyoToday(new Date("2026-11-22T14:59:59Z"))).toBe("2026-11-22");
    expect(tokyoToday(new Date("2026-11-22T15:00:00Z"))).toBe("2026-11-23");
  });

  it("starts weeks on Sunday and grids months in whole weeks", () => {
    expect(weekStart("2026-11-22")).toBe("2026-11-22");
    expect(weekStart("2026-11-28")).toBe("2026-11-22");
    expect(weekStart("2026-01-01")).toBe("2025-12-28");
    expect(dayLabel("2026-11-22")).toBe("11/22（日）");
    const november = monthGrid("2026-11-15");
    expect(november.map((week) => week[0])).toEqual([
      "2026-11-01",
      "2026-11-08",
      "2026-11-15",
      "2026-11-22",
      "2026-11-29",
    ]);
    expect(monthGrid("2026-02-01")).toHaveLength(4);
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
  });

  // A week view is the 7 days from today (ADR 0059), not from the week's first day.
  it.each([
    ["", "week", "2026-11-24", "2026-11-30"],
    ["week=1", "week", "2026-12-01", "2026-12-07"],
    ["week=-1", "week", "2026-11-17", "2026-11-23"],
    ["week=2", "week", "2026-12-08", "2026-12-14"],
    ["week=abc", "week", "2026-11-24", "2026-11-30"],
    ["week=99999", "week", addDays("2026-11-24", 52 * 7), addDays("2026-11-30", 52 * 7)],
    ["view=month", "month", "2026-11-01", "2026-11-30"],
    ["view=month&month=-11", "month", "2025-12-01", "2025-12-31"],
    ["view=month&month=3", "month", "2027-02-01", "2027-02-28"],
  ])("scheduleViewOf(%j) on 2026-11-24", (query, view, start, end) => {
    expect(scheduleViewOf(new URLSearchParams(query), "2026-11-24")).toMatchObject({ view, start, end });
  });

  it.each([
    ["2026-11-24", 0],
    ["2026-11-30", 0],
    ["2026-12-01", 1],
    ["2026-11-23", -1],
    ["2026-11-17", -1],
    ["2026-11-16", -2],
  ])("weekOffsetOf(2026-11-24, %s) = %i", (date, offset) => {
    expect(weekOffsetOf("2026-11-24", date)).toBe(offset);
  });

  it.each([
    ["2026-02-28", true],
    ["2026-02-29", false],
    ["２０２６-０１-０１", false],
    ["2026-1-1", false],
    ["1999-12-31", false],
    [LONG, false],
  ])("isIsoDate(%j) = %s", (value, ok) => {
    expect(isIsoDate(value)).toBe(ok);
  });

  it("turns a week form into a replacement; blank starts are days off", () => {
    const parsed = ShiftFormSchema.parse({
      start: "2026-11-22",
      end: "2026-11-28",
      shifts: {
        "2026-11-24": { start_time: "20:00", end_time: "20:00" },
        "2026-11-23": { start_time: "OPEN", end_time: "LAST" },
        "2026-11-25": { start_time: "", end_time: "23:00" },
        "2026-11-26": { start_time: "20:00", end_time: "30:00" },
      },
    });
    expect(parsed.items).toEqual([
      { date: "2026-11-23", start_time: "OPEN", end_time: "LAST" },
      { date: "2026-11-24", start_time: "20:00", end_time: "20:00" },
      { date: "2026-11-26", start_time: "20:00", end_time: "30:00" }, // 翌6:00
    ]);
  });

  it.each([
    [
      { "2026-11-23": { start_time: "20:05", end_time: "LAST" } },
      "shifts.2026-11-23.start_time",
      SHIFT_MESSAGES.start,
    ],
    [
      { "2026-11-23": { start_time: "22:00", end_time: "21:50" } },
      "shifts.2026-11-23.end_time",
      SHIFT_MESSAGES.end,
    ],
    [
      { "2026-11-23": { start_time: "22:00", end_time: "30:10" } },
      "shifts.2026-11-23.end_time",
      SHIFT_MESSAGES.end,
    ],
    [
      { "2026-11-23": { start_time: "22:00", end_time: "" } },
      "shifts.2026-11-23.end_time",
      SHIFT_MESSAGES.end_required,
    ],
    [
      { "2026-12-01": { start_time: "22:00", end_time: "LAST" } },
      "shifts.2026-12-01.start_time",
      SHIFT_MESSAGES.outside_range,
    ],
  ])("refuses %j at %s", (shifts, field, message) => {
    expect(errorsOf(ShiftFormSchema, { start: "2026-11-22", end: "2026-11-28", shifts })[field]).toBe(
      message,
    );
  });

  it("limits a replacement to 93 days, dates inside the range, one shift a day", () => {
    const ok = ReplaceSchedulesSchema.safeParse({ start: "2026-01-01", end: "2026-04-03", items: [] });
    expect(ok.success).toBe(true);
    const long = ReplaceSchedulesSchema.safeParse({ start: "2026-01-01", end: "2026-04-04", items: [] });
    expect(long.success).toBe(false);
    const outside = ReplaceSchedulesSchema.safeParse({
      start: "2026-11-22",
      end: "2026-11-28",
      items: [{ date: "2026-11-29", start_time: "20:00", end_time: "LAST" }],
    });
    expect(outside.error?.issues[0]?.message).toBe(SHIFT_MESSAGES.outside_range);
    const ends = ReplaceSchedulesSchema.safeParse({
      start: "2026-11-22",
      end: "2026-11-28",
      items: [
        { date: "2026-11-22", start_time: "20:00", end_time: "LAST" },
        { date: "2026-11-28", start_time: "20:00", end_time: "LAST" },
      ],
    });
    expect(ends.success).toBe(true);
  });
});

describe("small things", () => {
  it.each([
    ["photo.jpg", true],
    ["PHOTO.JPEG", true],
    ["a.webp", true],
    ["a.svg", false],
    ["a.png.exe", false],
    ["png", false],
    ["", false],
    [`${LONG}.gif`, true],
  ])("hasImageExtension(%j) = %s", (name, ok) => {
    expect(hasImageExtension(name)).toBe(ok);
  });

  it("lists manual videos per role and embeds them without cookies", () => {
    const videos = [
      { title: "A", youtube_id: "aaaaaaaaaaa", audience: "all", description: "" },
      { title: "L", youtube_id: "lllllllllll", audience: "liver", description: "" },
      { title: "S", youtube_id: "sssssssssss", audience: "staff", description: "" },
    ] as const;
    expect(manualVideosFor([...videos], "liver").map((v) => v.title)).toEqual(["A", "L"]);
    expect(manualVideosFor([...videos], "staff").map((v) => v.title)).toEqual(["A", "S"]);
    expect(youtubeEmbedUrl("aaaaaaaaaaa")).toBe("https://www.youtube-nocookie.com/embed/aaaaaaaaaaa?rel=0");
  });

  it("writes log sentences that state the new value", () => {
    expect(LOG_DESCRIPTIONS.staffDisplay("ゆい", false)).toBe("「ゆい」の表示を「非表示」に変更しました");
    expect(LOG_DESCRIPTIONS.staffDisplay("ゆい", true)).toBe("「ゆい」の表示を「表示」に変更しました");
    expect(LOG_DESCRIPTIONS.staffDeleted("ゆい")).toBe("「ゆい」を削除しました");
  });
});
