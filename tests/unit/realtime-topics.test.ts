import { describe, expect, it } from "vitest";
import { accountTopic, isValidTopic, topicKind } from "~/domain/realtime-topics";

describe("realtime topics", () => {
  it.each([
    ["account:7f3c2a9e-1b2d-4c5e-8f90-123456789abc", true],
    ["room:abc_DEF-123", true],
    ["admin", true],
    ["live:1", true],
    ["Account:1", false],
    ["room:", false],
    ["room:a|b", false],
    ["room:a b", false],
    ["room:a:b", false],
    ["", false],
    [`room:${"x".repeat(129)}`, false],
  ])("%s is valid: %s", (topic, valid) => {
    expect(isValidTopic(topic)).toBe(valid);
  });

  it("splits kind and id", () => {
    expect(topicKind("room:42")).toEqual({ kind: "room", id: "42" });
    expect(topicKind("admin")).toEqual({ kind: "admin", id: "" });
    expect(accountTopic("u1")).toBe("account:u1");
  });
});
