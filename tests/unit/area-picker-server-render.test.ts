import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { AreaLevel } from "~/components/form/area-levels";
import { AreaPickerFields, type AreaPickerProps } from "~/components/form/area-picker-fields";
import { findPrefecture } from "~/domain/areas";

/**
 * What the server sends of the area picker, the page a visitor without JavaScript fills in
 * (area-picker-fields.tsx, `beforeHydration`): the store forms list every choice, the public
 * searches every region and prefecture and, below them, only the cascade's choices.
 */
function select(props: AreaPickerProps, level: AreaLevel) {
  const html = renderToString(createElement(AreaPickerFields, props));
  // The select of this level: named after it when enabled; when disabled, the one before its
  // hidden input (a disabled select has no name).
  const selects = [
    ...html.matchAll(/<select([^>]*)>(.*?)<\/select>(<input type="hidden" name="(\w+)" value=""\/>)?/g),
  ];
  const found = selects.find(
    ([, attributes, , , hiddenName]) => attributes?.includes(`name="${level}"`) || hiddenName === level,
  );
  if (!found) throw new Error(`no ${level} select in ${html}`);
  const [, attributes = "", inner = "", hidden] = found;
  const options = [...inner.matchAll(/<option value="([^"]*)"( selected="")?>([^<]*)<\/option>/g)];
  return {
    disabled: / disabled=""/.test(attributes),
    /** The choices, without the blank one. */
    values: options.map(([, value]) => value).filter(Boolean),
    blank: options[0]?.[3],
    selected: options.find(([, , selected]) => selected)?.[1] ?? "",
    submitsBlank: hidden !== undefined,
  };
}

const TOKYO_AREAS = findPrefecture("tokyo")?.prefecture.areas.map((area) => area.id) ?? [];

describe("the area picker's server render", () => {
  it("lists every choice of every level for the store forms (the default)", () => {
    const props = { idPrefix: "f" };
    expect(select(props, "region").values).toHaveLength(8);
    expect(select(props, "prefecture").values).toHaveLength(47);
    expect(select(props, "area").values.length).toBeGreaterThan(200);
    expect(select(props, "area").disabled).toBe(false);
  });

  it("keeps a refused path as it was sent in the store forms", () => {
    const values = { region: "kanto", prefecture: "osaka", area: "kabukicho" };
    expect(select({ idPrefix: "f", values }, "prefecture").selected).toBe("osaka");
    expect(select({ idPrefix: "f", values }, "area").selected).toBe("kabukicho");
  });

  describe("cascade (the public searches)", () => {
    const cascade = (values?: AreaPickerProps["values"]) =>
      ({ idPrefix: "q", values, beforeHydration: "cascade" }) as const;

    it("lists every region and prefecture, enabled, so a search by prefecture works without JavaScript", () => {
      expect(select(cascade(), "region")).toMatchObject({ disabled: false, values: expect.any(Array) });
      expect(select(cascade(), "region").values).toHaveLength(8);
      expect(select(cascade(), "prefecture")).toMatchObject({ disabled: false });
      expect(select(cascade(), "prefecture").values).toHaveLength(47);
    });

    it.each<AreaLevel>(["group", "area", "area_detail"])(
      "leaves %s empty and disabled until a prefecture is chosen, submitting it blank",
      (level) => {
        expect(select(cascade(), level)).toMatchObject({ disabled: true, values: [], submitsBlank: true });
      },
    );

    it("lists the chosen prefecture's groups and areas, enabled", () => {
      const tokyo = cascade({ region: "kanto", prefecture: "tokyo" });
      expect(select(tokyo, "group")).toMatchObject({ disabled: false });
      expect(select(tokyo, "group").values).toContain("shinjuku");
      expect(select(tokyo, "area").values).toEqual(TOKYO_AREAS);
      expect(select(tokyo, "area_detail")).toMatchObject({ disabled: true, values: [] });
    });

    it("fills in a missing region and shows the chosen area's details", () => {
      const kabukicho = cascade({ prefecture: "tokyo", area: "kabukicho" });
      expect(select(kabukicho, "region").selected).toBe("kanto");
      expect(select(kabukicho, "area").selected).toBe("kabukicho");
      expect(select(kabukicho, "area_detail").disabled).toBe(false);
      expect(select(kabukicho, "area_detail").values.length).toBeGreaterThan(0);
    });

    it("drops an area of another prefecture instead of showing it", () => {
      const wrong = cascade({ region: "kanto", prefecture: "tokyo", area: "umeda" });
      expect(select(wrong, "area").selected).toBe("");
      expect(select(wrong, "area").values).not.toContain("umeda");
    });

    it("says 該当なし in the group select of a prefecture without groups", () => {
      expect(select(cascade({ region: "kanto", prefecture: "gunma" }), "group")).toMatchObject({
        disabled: true,
        blank: "該当なし",
      });
    });
  });
});
