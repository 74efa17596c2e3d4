import { describe, expect, it } from "vitest";
import { displayName } from "~/domain/display-name";
import { isPublished, publicProfileOf, type StaffProfileFields } from "~/domain/public-profile";

const staff: StaffProfileFields = {
  age: 24,
  height: null,
  birth_of_date: "2002-04-01",
  blood_type: "A",
  bust_type: "",
  type_type: "slender",
  karaoke_type: "sing",
  alcohol_type: "weak",
  smoke_type: "not_smoke",
  personality_type: "mediator",
  followers: 1200,
  name: "みお",
  name_kana: "ミオ",
  instagram_id: "mio_01",
  tiktok_id: "",
  youtube_id: "",
  matching_info: { animal: "cat", unknown: "x" },
  published_profile: {},
};

describe("published profile", () => {
  it("a missing flag is published, false hides", () => {
    expect(isPublished({}, "age")).toBe(true);
    expect(isPublished(null, "age")).toBe(true);
    expect(isPublished({ age: true }, "age")).toBe(true);
    expect(isPublished({ age: false }, "age")).toBe(false);
  });

  it("everything published: every attribute present, blanks kept, matching answers completed", () => {
    const profile = publicProfileOf(staff);
    expect(profile).toMatchObject({
      age: 24,
      height: null,
      bust_type: "",
      name: "みお",
      instagram_id: "mio_01",
    });
    expect(Object.keys(profile.matching_info)).toHaveLength(13);
    expect(profile.matching_info).toMatchObject({ animal: "cat", study: "like" });
    expect(profile.matching_info).not.toHaveProperty("unknown");
  });

  it("publishes the birthday without its year, which would tell the age", () => {
    expect(publicProfileOf(staff).birth_of_date).toBe("04-01");
    expect(publicProfileOf({ ...staff, birth_of_date: null }).birth_of_date).toBeNull();
    expect(JSON.stringify(publicProfileOf({ ...staff, published_profile: { age: false } }))).not.toContain(
      "2002",
    );
  });

  it.each([
    "age",
    "height",
    "birth_of_date",
    "blood_type",
    "followers",
    "instagram_id",
    "personality_type",
  ] as const)("hides %s", (key) => {
    const profile = publicProfileOf({ ...staff, published_profile: { [key]: false } });
    expect(profile).not.toHaveProperty(key);
    expect(profile).toHaveProperty("name", "みお");
  });

  it("a hidden name takes its reading with it", () => {
    const profile = publicProfileOf({ ...staff, published_profile: { name: false } });
    expect(profile).not.toHaveProperty("name");
    expect(profile).not.toHaveProperty("name_kana");
    expect(displayName(profile)).toBe("（名前非公開）");
  });
});
