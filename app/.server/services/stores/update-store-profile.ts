import { and, eq, ne } from "drizzle-orm";
import { findArea } from "~/domain/areas/index";
import { roleRefusal } from "~/domain/permissions";
import { type AccessRowInput, STORE_INTRO_MESSAGES, type StationAccess } from "~/domain/store-intro";
import type { StoreProfileInput } from "~/domain/store-profile";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { livers, staffs } from "../../db/schema/index";
import { type StationDirectory, stationData } from "../../integrations/stations/station-directory";

export type UpdateStoreProfileResult =
  | { ok: true }
  | { ok: false; error: "forbidden" | "slug_taken" }
  /** A station or line not in the station data: the message of each field (`access.0.station`). */
  | { ok: false; error: "unknown_station"; errors: Record<string, string> };

/**
 * Saves the store's profile (docs/product.md). A store may list itself (public) or hide itself (private),
 * but not lift the operator's suspension: a suspended store keeps its status whatever is sent. A new name is copied to `liver_name` of all its staff in
 * the same transaction, so the two never disagree.
 *
 * The map pin (ADR 0028): the submitted `lat`/`lng` are saved, except when the AREA changes
 * and the pin was not moved (the form sent back the stored pin, or the old area's centre the map
 * showed for a store without one): the pin then moves to the new area's centre, so a store that
 * only picked another area is not left pinned in the old one.
 *
 * Each access row's station and line must be in the station data (ADR 0056); they are saved as the
 * data spells them, so the store page and the chooser agree.
 */
export async function updateStoreProfile({
  db,
  actor,
  input,
  stations = stationData,
}: {
  db: Db;
  actor: Viewer;
  input: StoreProfileInput;
  stations?: StationDirectory;
}): Promise<UpdateStoreProfileResult> {
  const refused = roleRefusal(actor, "store.update");
  if (refused) return { ok: false, error: refused };
  const checked = await checkAccess(stations, input.access);
  if (!checked.ok) return { ok: false, error: "unknown_station", errors: checked.errors };
  try {
    return await db.transaction(async (tx) => {
      const [store] = await tx
        .select({
          status: livers.status,
          store_name: livers.store_name,
          area: livers.area,
          lat: livers.lat,
          lng: livers.lng,
        })
        .from(livers)
        .where(eq(livers.uid, actor.uid))
        .for("update");
      if (!store || store.status === "deleted") return { ok: false, error: "forbidden" } as const;

      const [taken] = await tx
        .select({ uid: livers.uid })
        .from(livers)
        .where(and(eq(livers.slug, input.slug), ne(livers.uid, actor.uid)))
        .limit(1);
      if (taken) return { ok: false, error: "slug_taken" } as const;

      const pin = pinToSave(store, input);
      await tx
        .update(livers)
        .set({
          store_name: input.store_name,
          store_name_kana: input.store_name_kana,
          slug: input.slug,
          status: store.status === "suspended" ? "suspended" : input.status,
          store_type: input.store_type,
          phone_number: input.phone_number,
          postal_code: input.postal_code,
          address: input.address,
          buildingName: input.buildingName,
          region: input.region,
          prefecture: input.prefecture,
          group: input.group,
          area: input.area,
          area_detail: input.area_detail,
          business_start_time: input.business_start_time,
          business_end_time: input.business_end_time,
          holidays: input.holidays,
          services: input.services,
          commitments: input.commitments,
          pr_text: input.pr_text,
          access: checked.access,
          first_visit: input.first_visit,
          ...(pin ? { lat: pin.lat, lng: pin.lng } : {}),
        })
        .where(eq(livers.uid, actor.uid));

      if (store.store_name !== input.store_name) {
        await tx.update(staffs).set({ liver_name: input.store_name }).where(eq(staffs.liver_id, actor.uid));
      }
      return { ok: true } as const;
    });
  } catch (error) {
    // Two stores taking one slug at the same moment: the unique index decides.
    if (isUniqueViolation(error)) return { ok: false, error: "slug_taken" };
    throw error;
  }
}

type Pin = { lat: number; lng: number };

/** Where the pin goes: the submitted one, the new area's centre, or nowhere new (undefined). */
function pinToSave(
  stored: { area: string; lat: number | null; lng: number | null },
  input: Pick<StoreProfileInput, "area" | "lat" | "lng">,
): Pin | undefined {
  const submitted =
    input.lat !== undefined && input.lng !== undefined ? { lat: input.lat, lng: input.lng } : null;
  if (stored.area !== input.area) {
    const oldCentre = findArea(stored.area)?.area;
    const unmoved =
      !submitted ||
      (submitted.lat === stored.lat && submitted.lng === stored.lng) ||
      (stored.lat === null &&
        oldCentre &&
        submitted.lat === oldCentre.lat &&
        submitted.lng === oldCentre.lng);
    const centre = findArea(input.area)?.area;
    if (unmoved) return centre ? { lat: centre.lat, lng: centre.lng } : (submitted ?? undefined);
  }
  return submitted ?? undefined;
}

/** The access rows as the station data spells them, or the message of each row it does not know. */
async function checkAccess(
  stations: StationDirectory,
  rows: readonly AccessRowInput[],
): Promise<{ ok: true; access: StationAccess[] } | { ok: false; errors: Record<string, string> }> {
  const access: StationAccess[] = [];
  const errors: Record<string, string> = {};
  for (const row of rows) {
    const match = await stations.match(row.station, row.line);
    if (match.ok) {
      // 「山手線」 and 「JR山手線」 typed in two rows are one line of the data.
      if (access.some((a) => a.station === match.station && a.line === match.line))
        errors[`access.${row.row}.station`] = STORE_INTRO_MESSAGES.duplicate_station;
      access.push({ station: match.station, line: match.line, walk_minutes: row.walk_minutes });
    } else if (match.error === "unknown_station")
      errors[`access.${row.row}.station`] = STORE_INTRO_MESSAGES.unknown_station;
    else errors[`access.${row.row}.line`] = STORE_INTRO_MESSAGES.unknown_line(match.station, match.lines);
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, access };
}
