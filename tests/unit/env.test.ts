import { mkdtempSync, readFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, ensureAuthSecret, parseEnv, usesSecureCookies } from "~/.server/env";
import { TEST_VAPID } from "../support/production-env";

describe("parseEnv", () => {
  it("applies the contract's defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      nodeEnv: "development",
      isProduction: false,
      port: 3000,
      baseUrl: "http://localhost:3000",
      databaseUrl: undefined,
      dataDir: path.resolve("./data"),
      smtpUrl: undefined,
      mailFrom: "no-reply@localhost",
      seedDemo: true,
    });
  });

  it("derives BASE_URL from PORT and strips a trailing slash", () => {
    expect(parseEnv({ PORT: "8080" }).baseUrl).toBe("http://localhost:8080");
    expect(parseEnv({ BASE_URL: "https://yoru.example/" }).baseUrl).toBe("https://yoru.example");
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", SMTP_URL: " " }).databaseUrl).toBeUndefined();
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "0"],
    ["DATABASE_URL", "mysql://root@localhost/db"],
    ["DATABASE_URL", "not a url"],
    ["SMTP_URL", "http://mail.example"],
    ["BASE_URL", "ftp://example.com"],
    ["NODE_ENV", "staging"],
    ["AUTH_SECRET", "short"],
    ["SEED_DEMO", "yes"],
    ["OPERATOR_EMAIL", "not-an-address"],
    ["OPERATOR_PHONE", "call us"],
    ["MANUAL_VIDEOS", "not json"],
    ["MANUAL_VIDEOS", '{"title":"x"}'],
    ["MANUAL_VIDEOS", '[{"title":"店舗情報の登録","youtube_id":"short"}]'],
    ["MANUAL_VIDEOS", '[{"title":"","youtube_id":"abcdefghijk"}]'],
    ["MANUAL_VIDEOS", '[{"title":"x","youtube_id":"abcdefghijk","audience":"listener"}]'],
    ["MAP_TILE_URL", "https://tiles.example/{z}/{x}.png"],
    ["MAP_TILE_URL", "ftp://tiles.example/{z}/{x}/{y}.png"],
    ["MAP_TILE_URL", "not a url {z}{x}{y}"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    let caught: unknown;
    try {
      parseEnv({ [name]: value });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    expect((caught as EnvError).message).toContain(`${name}:`);
  });

  const OPERATOR = {
    OPERATOR_NAME: "株式会社ヨルナビ",
    OPERATOR_REPRESENTATIVE: "夜野 太郎",
    OPERATOR_ADDRESS: "〒160-0021 東京都新宿区歌舞伎町1-2-3",
    OPERATOR_PHONE: "03-1234-5678",
    OPERATOR_EMAIL: "support@yoru-navi.example",
  };

  it("demands AUTH_SECRET in production", () => {
    expect(() => parseEnv({ NODE_ENV: "production", ...OPERATOR, ...TEST_VAPID })).toThrow(/AUTH_SECRET/);
    const env = parseEnv({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(32), ...OPERATOR, ...TEST_VAPID });
    expect(env.isProduction).toBe(true);
    expect(env.seedDemo).toBe(false);
  });

  it("uses marked placeholders for the operator outside production and demands every OPERATOR_* in it", () => {
    const dev = parseEnv({});
    expect(dev.operator.isPlaceholder).toBe(true);
    expect(dev.operator.name).toContain("開発用の仮表示");
    expect(dev.operator.email).toBe("operator@example.com");

    const configured = parseEnv({ ...OPERATOR, OPERATOR_NAME: "" });
    expect(configured.operator).toMatchObject({ email: OPERATOR.OPERATOR_EMAIL, isPlaceholder: true });
    expect(parseEnv(OPERATOR).operator).toEqual({
      name: OPERATOR.OPERATOR_NAME,
      representative: OPERATOR.OPERATOR_REPRESENTATIVE,
      address: OPERATOR.OPERATOR_ADDRESS,
      phone: OPERATOR.OPERATOR_PHONE,
      email: OPERATOR.OPERATOR_EMAIL,
      isPlaceholder: false,
    });

    for (const name of Object.keys(OPERATOR)) {
      const without = {
        NODE_ENV: "production",
        AUTH_SECRET: "x".repeat(32),
        ...OPERATOR,
        ...TEST_VAPID,
        [name]: "",
      };
      expect(() => parseEnv(without)).toThrow(new RegExp(`${name}: required when NODE_ENV=production`));
    }
  });

  it("accepts PostgreSQL and SMTP URLs", () => {
    const env = parseEnv({
      DATABASE_URL: "postgres://postgres@127.0.0.1:5432/app",
      SMTP_URL: "smtp://user:pass@127.0.0.1:2525",
    });
    expect(env.databaseUrl).toBe("postgres://postgres@127.0.0.1:5432/app");
    expect(env.smtpUrl).toBe("smtp://user:pass@127.0.0.1:2525");
  });
});

describe("map tiles", () => {
  it("defaults to OpenStreetMap's standard tiles with their attribution", () => {
    const { map } = parseEnv({});
    expect(map.tileUrl).toBe("https://tile.openstreetmap.org/{z}/{x}/{y}.png");
    expect(map.tileAttribution).toContain("OpenStreetMap");
    expect(map.tileAttribution).toContain('href="https://www.openstreetmap.org/copyright"');
    expect(map.tileOrigin).toBe("https://tile.openstreetmap.org");
  });

  it("takes another template and derives the origin the CSP allows", () => {
    const local = parseEnv({
      MAP_TILE_URL: "http://127.0.0.1:4321/tiles/{z}/{x}/{y}.png",
      MAP_TILE_ATTRIBUTION: "© Test",
    });
    expect(local.map).toEqual({
      tileUrl: "http://127.0.0.1:4321/tiles/{z}/{x}/{y}.png",
      tileAttribution: "© Test",
      tileOrigin: "http://127.0.0.1:4321",
    });
    expect(parseEnv({ MAP_TILE_URL: "https://{s}.tiles.example/{z}/{x}/{y}{r}.png" }).map.tileOrigin).toBe(
      "https://*.tiles.example",
    );
  });
});

describe("WEB_CONCURRENCY", () => {
  const pg = "postgres://postgres@127.0.0.1:5432/app";
  const production = {
    NODE_ENV: "production",
    AUTH_SECRET: "x".repeat(32),
    OPERATOR_NAME: "株式会社テスト",
    OPERATOR_REPRESENTATIVE: "山田 太郎",
    OPERATOR_ADDRESS: "東京都千代田区1-1",
    OPERATOR_PHONE: "03-1234-5678",
    OPERATOR_EMAIL: "support@example.com",
    ...TEST_VAPID,
  };
  const cores = availableParallelism();

  it.each([
    ["unset, embedded database", 1, {}],
    ["unset, PostgreSQL in development", 1, { DATABASE_URL: pg }],
    ["unset, PostgreSQL in production: one process", 1, { ...production, DATABASE_URL: pg }],
    ["unset, embedded database in production", 1, production],
    ["auto on PostgreSQL", cores, { DATABASE_URL: pg, WEB_CONCURRENCY: "auto" }],
    ["auto on the embedded database", 1, { WEB_CONCURRENCY: "auto" }],
    ["a number on PostgreSQL", 3, { DATABASE_URL: pg, WEB_CONCURRENCY: "3" }],
    ["auto in production on PostgreSQL", cores, { ...production, DATABASE_URL: pg, WEB_CONCURRENCY: "auto" }],
    ["1 on the embedded database", 1, { WEB_CONCURRENCY: "1" }],
  ] as [string, number, Record<string, string>][])("%s → %i", (_label, workers, source) => {
    expect(parseEnv(source).workers).toBe(workers);
  });

  it.each(["0", "-1", "1.5", "65", "many", "２"])("refuses %j, naming the variable", (value) => {
    expect(() => parseEnv({ DATABASE_URL: pg, WEB_CONCURRENCY: value })).toThrow(/WEB_CONCURRENCY/);
  });

  it("refuses more than one worker on the embedded database, which allows one process", () => {
    expect(() => parseEnv({ WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY: more than 1 worker needs DATABASE_URL/,
    );
  });
});

describe("PAGE_CACHE_MB (ADR 0062)", () => {
  it.each([
    ["unset", {}, 32 * 1024 * 1024],
    ["empty", { PAGE_CACHE_MB: "" }, 32 * 1024 * 1024],
    ["0: off", { PAGE_CACHE_MB: "0" }, 0],
    ["a size", { PAGE_CACHE_MB: "128" }, 128 * 1024 * 1024],
  ] as [string, Record<string, string>, number][])("%s → %i bytes", (_label, source, bytes) => {
    expect(parseEnv(source).pageCacheBytes).toBe(bytes);
  });

  it.each(["-1", "1.5", "4097", "lots"])("refuses %j, naming the variable", (value) => {
    expect(() => parseEnv({ PAGE_CACHE_MB: value })).toThrow(/PAGE_CACHE_MB/);
  });
});

describe("MANUAL_VIDEOS", () => {
  it("is an empty list when unset", () => {
    expect(parseEnv({}).manualVideos).toEqual([]);
  });

  it("reads a JSON list of titled YouTube videos, for both roles unless told", () => {
    const env = parseEnv({
      MANUAL_VIDEOS: JSON.stringify([
        { title: "店舗情報の登録方法", youtube_id: "abcDEF123_-" },
        { title: "出勤の入れ方", youtube_id: "ZYXwvu98765", audience: "staff", description: "週ごとの入力" },
      ]),
    });
    expect(env.manualVideos).toEqual([
      { title: "店舗情報の登録方法", youtube_id: "abcDEF123_-", audience: "all", description: "" },
      { title: "出勤の入れ方", youtube_id: "ZYXwvu98765", audience: "staff", description: "週ごとの入力" },
    ]);
  });
});

describe("ensureAuthSecret", () => {
  it("generates a secret once into DATA_DIR and reuses it", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "env-test-"));
    const first = ensureAuthSecret(parseEnv({ DATA_DIR: dataDir }));
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, "auth-secret"), "utf8")).toBe(first.authSecret);
    const second = ensureAuthSecret(parseEnv({ DATA_DIR: dataDir }));
    expect(second.authSecret).toBe(first.authSecret);
  });

  it("keeps a configured secret", () => {
    const env = parseEnv({
      AUTH_SECRET: "s".repeat(40),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "env-test-")),
    });
    expect(ensureAuthSecret(env).authSecret).toBe("s".repeat(40));
  });
});

describe("usesSecureCookies (ADR 0017)", () => {
  const OPERATOR = {
    OPERATOR_NAME: "株式会社ヨルナビ",
    OPERATOR_REPRESENTATIVE: "夜野 太郎",
    OPERATOR_ADDRESS: "〒160-0021 東京都新宿区歌舞伎町1-2-3",
    OPERATOR_PHONE: "03-1234-5678",
    OPERATOR_EMAIL: "support@yoru-navi.example",
  };
  it.each([
    [{ BASE_URL: "https://yoru.example" }, true],
    [{ BASE_URL: "http://localhost:3000" }, false],
    [{ BASE_URL: "http://localhost:3000", TRUST_PROXY: "true" }, false], // development over http
    [{ NODE_ENV: "production", BASE_URL: "https://yoru.example" }, true],
    // production behind a TLS-terminating proxy, BASE_URL written with http: Secure all the same
    [{ NODE_ENV: "production", BASE_URL: "http://yoru.example", TRUST_PROXY: "loopback" }, true],
    [{ NODE_ENV: "production", BASE_URL: "http://yoru.example", TRUST_PROXY: "1" }, true],
    [{ NODE_ENV: "production", BASE_URL: "http://yoru.example", TRUST_PROXY: "0" }, false],
    [{ NODE_ENV: "production", BASE_URL: "http://yoru.example" }, false],
  ])("%o → %s", (vars, secure) => {
    const production =
      (vars as Record<string, string>).NODE_ENV === "production"
        ? { AUTH_SECRET: "x".repeat(32), ...OPERATOR, ...TEST_VAPID }
        : {};
    expect(usesSecureCookies(parseEnv({ ...production, ...vars }))).toBe(secure);
  });
});

describe("ZENGIN_* (ADR 0036)", () => {
  const complete = {
    ZENGIN_CONSIGNOR_CODE: "1234567890",
    ZENGIN_CONSIGNOR_NAME: "ﾖﾙﾅﾋﾞ(ｶ",
    ZENGIN_BANK_CODE: "0001",
    ZENGIN_BRANCH_CODE: "001",
    ZENGIN_ACCOUNT_NUMBER: "1234567",
  };

  it.each([
    ["unset: no transfer files yet, the server starts", {}, []],
    ["complete", complete, []],
    ["a bank code of three digits", { ...complete, ZENGIN_BANK_CODE: "001" }, ["ZENGIN_BANK_CODE"]],
    ["an unknown account type", { ...complete, ZENGIN_ACCOUNT_TYPE: "current" }, ["ZENGIN_ACCOUNT_TYPE"]],
    [
      "only some of them",
      { ZENGIN_BANK_CODE: "0001" },
      ["ZENGIN_CONSIGNOR_CODE", "ZENGIN_CONSIGNOR_NAME", "ZENGIN_BRANCH_CODE", "ZENGIN_ACCOUNT_NUMBER"],
    ],
  ] as const)("%s", (_label, source, named) => {
    if (named.length === 0) {
      expect(() => parseEnv({ ...source })).not.toThrow();
      return;
    }
    try {
      parseEnv({ ...source });
      expect.unreachable("a bad ZENGIN_* must stop the server");
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const issues = (error as EnvError).issues.map((issue) => issue.split(":")[0]);
      expect(issues.sort()).toEqual([...named].sort());
    }
  });
});
