import { describe, expect, it } from "vitest";
import { clientAddressKey, isLoopback } from "~/.server/http/client-address";
import { networkOf } from "~/domain/network";

describe("clientAddressKey", () => {
  it.each([
    ["203.0.113.5", "203.0.113.5"],
    ["::ffff:203.0.113.5", "203.0.113.5"],
    ["::FFFF:198.51.100.7", "198.51.100.7"],
    ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:db8:85a3:8d3::/64"],
    ["2001:db8:85a3:8d3::1", "2001:db8:85a3:8d3::/64"],
    ["2001:0DB8:0000:0001:ffff::", "2001:db8:0:1::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["64:ff9b::192.0.2.33", "64:ff9b:0:0::/64"],
    ["", "unknown"],
    [null, "unknown"],
    ["not-an-address", "not-an-address"],
  ])("%s → %s", (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });

  it("puts every address of one /64 under one key, and another /64 under another", () => {
    const a = clientAddressKey("2001:db8:1:2:aaaa::1");
    expect(clientAddressKey("2001:db8:1:2:ffff:ffff:ffff:ffff")).toBe(a);
    expect(clientAddressKey("2001:db8:1:3::1")).not.toBe(a);
  });
});

describe("isLoopback", () => {
  it.each([
    ["127.0.0.1", true],
    ["127.8.9.10", true],
    ["::1", true],
    ["0:0:0:0:0:0:0:1", true],
    ["::ffff:127.0.0.1", true],
    ["128.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["::2", false],
    ["2001:db8::1", false],
    ["", false],
    [undefined, false],
  ])("%s → %s", (ip, expected) => {
    expect(isLoopback(ip)).toBe(expected);
  });
});

describe("networkOf (the per-account login limit, ADR 0017)", () => {
  it.each([
    ["203.0.113.7", "203.0.113.0/24"],
    ["203.0.113.250", "203.0.113.0/24"],
    ["2001:db8:1:2::/64", "2001:db8:1:2::/64"], // IPv6 keys are /64 already
    ["unknown", "unknown"],
  ])("%s → %s", (ip, network) => {
    expect(networkOf(ip)).toBe(network);
  });
});
