import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/.server/env";
import { createSnsPorts } from "~/.server/integrations/sns";
import { parseRetryAfter } from "~/.server/integrations/sns/errors";

describe("the sns section of Env", () => {
  it("defaults to the vendors' own origins, nothing configured but YouTube's feed", () => {
    const { sns } = parseEnv({});
    expect(sns).toEqual({
      instagram: {
        configured: false,
        clientId: "",
        clientSecret: "",
        authBase: "https://www.instagram.com",
        apiBase: "https://api.instagram.com",
        graphBase: "https://graph.instagram.com",
      },
      tiktok: {
        configured: false,
        clientKey: "",
        clientSecret: "",
        authBase: "https://www.tiktok.com",
        apiBase: "https://open.tiktokapis.com",
      },
      youtube: {
        configured: true,
        apiKey: undefined,
        apiBase: "https://www.googleapis.com/youtube/v3",
        feedBase: "https://www.youtube.com",
      },
      importIntervalMin: 15,
    });
    const ports = createSnsPorts(sns);
    expect(ports.instagram).toBeNull();
    expect(ports.tiktok).toBeNull();
    expect(ports.youtube.usesDataApi).toBe(false);
  });

  it("is configured by the credentials and takes base URLs without a trailing slash", () => {
    const { sns } = parseEnv({
      INSTAGRAM_CLIENT_ID: "123",
      INSTAGRAM_CLIENT_SECRET: "s",
      INSTAGRAM_GRAPH_BASE: "http://127.0.0.1:4710/",
      TIKTOK_CLIENT_KEY: "k",
      TIKTOK_CLIENT_SECRET: "s2",
      YOUTUBE_API_KEY: "AIza",
    });
    expect(sns.instagram).toMatchObject({
      configured: true,
      clientId: "123",
      graphBase: "http://127.0.0.1:4710",
    });
    expect(sns.tiktok.configured).toBe(true);
    const ports = createSnsPorts(sns);
    expect(ports.instagram).not.toBeNull();
    expect(ports.tiktok).not.toBeNull();
    expect(ports.youtube.usesDataApi).toBe(true);
  });

  it.each([
    [{ INSTAGRAM_CLIENT_ID: "123" }, "INSTAGRAM_CLIENT_SECRET: required when INSTAGRAM_CLIENT_ID is set"],
    [{ TIKTOK_CLIENT_SECRET: "s" }, "TIKTOK_CLIENT_KEY: required when TIKTOK_CLIENT_SECRET is set"],
    [{ TIKTOK_API_BASE: "ftp://x" }, "TIKTOK_API_BASE"],
    [{ YOUTUBE_FEED_BASE: "not a url" }, "YOUTUBE_FEED_BASE"],
  ])("refuses %o", (source, message) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(message);
  });
});

describe("parseRetryAfter", () => {
  it.each([
    ["120", 120],
    [" 5 ", 5],
    [null, 60],
    ["", 60],
    ["soon", 60],
    ["Wed, 25 Nov 2026 10:00:30 GMT", 30],
    ["Wed, 25 Nov 2026 09:59:00 GMT", 0],
  ])("%s → %i", (value, seconds) => {
    expect(parseRetryAfter(value, 60, Date.parse("2026-11-25T10:00:00Z"))).toBe(seconds);
  });
});
