import { and, eq } from "drizzle-orm";
import { roleRefusal } from "~/domain/permissions";
import {
  type InvoiceIssuer,
  type InvoiceLine,
  PLAN_TAX_RATE,
  type RateTotal,
  RECEIPT_TEXTS,
  totalsByRate,
} from "~/domain/qualified-invoice";
import type { Viewer } from "../../auth/viewer";
import type { Db } from "../../db/client";
import { livers, plans, storeInvoices } from "../../db/schema";

export interface InvoiceReceipt {
  invoiceId: string;
  /** The provider's invoice number; the invoice id stands in where the provider gave none. */
  number: string;
  issuer: InvoiceIssuer;
  /** The store it was issued to (its name as it is now). */
  recipient: string;
  /** When it was paid (取引年月日), ISO. */
  date: string;
  periodStart: string | null;
  periodEnd: string | null;
  lines: InvoiceLine[];
  byRate: RateTotal[];
  totalJpy: number;
}

/** The longest invoice id looked up (the provider's ids are far shorter). */
const ID_MAX = 200;

/**
 * `/liver/mypage/payment/receipts/{invoice_id}`: the receipt of one of the store's own PAID plan
 * invoices as a qualified invoice (適格請求書, ADR 0061) — the issuer from configuration, the
 * store as the recipient, the paid date, the plan as the description, the amount and the tax by
 * rate. Another store's invoice, an unpaid one and an unknown id are all `null` (the page's 404),
 * as is every invoice while no issuer is configured (production without a registration number).
 */
export async function readInvoiceReceipt({
  db,
  actor,
  issuer,
  input,
}: {
  db: Db;
  actor: Viewer;
  issuer: InvoiceIssuer | undefined;
  input: { invoiceId: string };
}): Promise<InvoiceReceipt | null> {
  if (roleRefusal(actor, "store.read")) return null;
  if (!issuer || input.invoiceId === "" || input.invoiceId.length > ID_MAX) return null;
  const [row] = await db
    .select({
      invoice_id: storeInvoices.invoice_id,
      number: storeInvoices.number,
      amount_jpy: storeInvoices.amount_jpy,
      paid_at: storeInvoices.paid_at,
      created_at: storeInvoices.created_at,
      period_start: storeInvoices.period_start,
      period_end: storeInvoices.period_end,
      store_name: livers.store_name,
      plan_name: plans.name,
    })
    .from(storeInvoices)
    .innerJoin(livers, eq(livers.uid, storeInvoices.liver_id))
    .leftJoin(plans, eq(plans.id, storeInvoices.plan_id))
    .where(
      and(
        eq(storeInvoices.invoice_id, input.invoiceId),
        eq(storeInvoices.liver_id, actor.uid),
        eq(storeInvoices.status, "paid"),
      ),
    )
    .limit(1);
  if (!row) return null;
  const lines: InvoiceLine[] = [
    {
      description: RECEIPT_TEXTS.planLine(row.plan_name ?? "—"),
      amountJpy: row.amount_jpy,
      rate: PLAN_TAX_RATE,
    },
  ];
  return {
    invoiceId: row.invoice_id,
    number: row.number || row.invoice_id,
    issuer,
    recipient: row.store_name,
    date: (row.paid_at ?? row.created_at).toISOString(),
    periodStart: row.period_start?.toISOString() ?? null,
    periodEnd: row.period_end?.toISOString() ?? null,
    lines,
    byRate: totalsByRate(lines),
    totalJpy: lines.reduce((sum, line) => sum + line.amountJpy, 0),
  };
}
