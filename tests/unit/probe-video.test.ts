import { describe, expect, it } from "vitest";
import { bytesReader, probeVideo } from "~/.server/integrations/video/probe-video";
import { mp4Fixture, webmFixture } from "../support/video-fixtures";

const probe = (bytes: Uint8Array) => probeVideo(bytesReader(bytes), bytes.length);
const text = (value: string) => new TextEncoder().encode(value);

describe("probeVideo", () => {
  it.each([
    ["MP4, moov first", mp4Fixture(12.5), "mp4", 12.5],
    ["MP4, moov at the end", mp4Fixture(180, { moovAtEnd: true }), "mp4", 180],
    ["MP4, version 1 mvhd", mp4Fixture(61, { version1: true, timescale: 90000 }), "mp4", 61],
    ["MP4, a long one", mp4Fixture(3600), "mp4", 3600],
    ["WebM, milliseconds", webmFixture(7.25), "webm", 7.25],
    ["WebM, other timecode scale", webmFixture(181, { timecodeScale: 100_000 }), "webm", 181],
  ] as const)("%s", async (_name, bytes, container, seconds) => {
    const result = await probe(bytes);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.container).toBe(container);
    expect(result.contentType).toBe(`video/${container}`);
    expect(result.durationSeconds).toBeCloseTo(seconds, 3);
  });

  it.each([
    ["text", text("this is not a video, just some text pretending")],
    ["a PNG header", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2])],
    ["Matroska that is not WebM", webmFixture(5, { docType: "matroska" })],
    ["too short", new Uint8Array([0, 0, 0, 8])],
    ["nothing", new Uint8Array()],
  ])("refuses %s as not a video", async (_name, bytes) => {
    expect(await probe(bytes)).toEqual({ ok: false, error: "not_video" });
  });

  it.each([
    ["MP4 without moov", mp4Fixture(10).subarray(0, 32)],
    ["MP4 with a box larger than the file", mp4Fixture(10, { moovAtEnd: true }).subarray(0, 200)],
    ["WebM without Duration", webmFixture(10, { withoutDuration: true })],
  ])("answers no_duration for %s", async (_name, bytes) => {
    expect(await probe(bytes)).toEqual({ ok: false, error: "no_duration" });
  });
});
