import type { InquiryKind } from "~/domain/admin";
import { CONTACT_FIELD_LABELS, contactCategoryLabel } from "~/domain/contact";
import { prefectureName, SHOP_ENTRY_FIELD_LABELS, storeTypeLabel } from "~/domain/shop-entry";
import { contactMessages, shopEntryRequests } from "../../db/schema/index";

type ShopEntryRow = typeof shopEntryRequests.$inferSelect;
type ContactRow = typeof contactMessages.$inferSelect;

/** The table behind each inbox of the console. */
export function inquiryTable(kind: InquiryKind) {
  return kind === "shop_entry" ? shopEntryRequests : contactMessages;
}

export interface InquirySummary {
  id: string;
  status: "new" | "handled";
  created_at: Date;
  /** What the list shows first: the store's name, or the sender's name. */
  title: string;
  /** A second line: the contact and the kind of store, or the category. */
  subtitle: string;
  email: string;
  /** Who a reply greets. */
  name: string;
}

export function summarize(kind: InquiryKind, row: ShopEntryRow | ContactRow): InquirySummary {
  if (kind === "shop_entry") {
    const r = row as ShopEntryRow;
    return {
      id: r.id,
      status: r.status,
      created_at: r.created_at,
      title: r.store_name,
      subtitle: `${storeTypeLabel(r.store_type)}・${prefectureName(r.prefecture)} ${r.area}`.trim(),
      email: r.email,
      name: r.contact_name,
    };
  }
  const r = row as ContactRow;
  return {
    id: r.id,
    status: r.status,
    created_at: r.created_at,
    title: r.name,
    subtitle: contactCategoryLabel(r.category),
    email: r.email,
    name: r.name,
  };
}

/** Every field of an inquiry as labelled rows, in the order of its form. */
export function inquiryRows(
  kind: InquiryKind,
  row: ShopEntryRow | ContactRow,
): { label: string; value: string }[] {
  if (kind === "shop_entry") {
    const r = row as ShopEntryRow;
    const L = SHOP_ENTRY_FIELD_LABELS;
    return [
      { label: L.store_name, value: r.store_name },
      { label: L.store_name_kana, value: r.store_name_kana },
      { label: L.store_type, value: storeTypeLabel(r.store_type) },
      { label: L.prefecture, value: prefectureName(r.prefecture) },
      { label: L.area, value: r.area },
      { label: L.contact_name, value: r.contact_name },
      { label: L.phone_number, value: r.phone_number },
      { label: L.email, value: r.email },
      { label: L.message, value: r.message },
    ];
  }
  const r = row as ContactRow;
  const L = CONTACT_FIELD_LABELS;
  return [
    { label: L.name, value: r.name },
    { label: L.email, value: r.email },
    { label: L.category, value: contactCategoryLabel(r.category) },
    { label: L.message, value: r.message },
  ];
}
