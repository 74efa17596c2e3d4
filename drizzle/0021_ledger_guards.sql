-- Ledger guards (issue 17, ADR 0032), hand-written: the database itself refuses what the code
-- must never do.
-- 1. Append-only: a ledger transaction or entry is never changed nor removed.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only (% on %)', TG_OP, TG_TABLE_NAME USING ERRCODE = 'P0001';
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- 2. Double entry: at commit, the entries of every transaction touched sum to zero per unit
-- (and per item for items). Deferred, so the entries of one transaction may be inserted one by one.
CREATE OR REPLACE FUNCTION ledger_check_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE bad text;
BEGIN
  SELECT unit || coalesce(':' || item_id, '') INTO bad
    FROM ledger_entries WHERE tx_id = NEW.tx_id
    GROUP BY unit, item_id HAVING sum(amount) <> 0 LIMIT 1;
  IF bad IS NOT NULL THEN
    RAISE EXCEPTION 'ledger transaction % does not balance in %', NEW.tx_id, bad USING ERRCODE = '23514';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_balanced AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_check_balanced();
--> statement-breakpoint
-- 3. An entry's unit is its account's unit.
CREATE OR REPLACE FUNCTION ledger_check_entry_unit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.account_id = NEW.account_id
                 AND a.unit = NEW.unit AND a.item_id IS NOT DISTINCT FROM NEW.item_id) THEN
    RAISE EXCEPTION 'ledger entry unit differs from account %', NEW.account_id USING ERRCODE = '23514';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_entries_unit BEFORE INSERT ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_check_entry_unit();
--> statement-breakpoint
-- The coin packs on sale at launch (data: the operator can change them later).
INSERT INTO coin_packs (pack_id, name, coins, bonus_coins, price_jpy, sort_order) VALUES
  ('coins-500', 'コイン 500', 500, 0, 500, 1),
  ('coins-1000', 'コイン 1,000', 1000, 20, 1000, 2),
  ('coins-3000', 'コイン 3,000', 3000, 100, 3000, 3),
  ('coins-5000', 'コイン 5,000', 5000, 250, 5000, 4),
  ('coins-10000', 'コイン 10,000', 10000, 700, 10000, 5)
ON CONFLICT (pack_id) DO NOTHING;
--> statement-breakpoint
-- The item catalogue at launch, with its pictures in public/img/items/.
INSERT INTO items (item_id, name, image_url, coin_price, point_value, sort_order) VALUES
  ('rose', 'バラ', '/img/items/rose.svg', 100, 50, 1),
  ('cocktail', 'カクテル', '/img/items/cocktail.svg', 300, 150, 2),
  ('bouquet', '花束', '/img/items/bouquet.svg', 1000, 500, 3),
  ('champagne', 'シャンパン', '/img/items/champagne.svg', 5000, 2500, 4),
  ('tower', 'シャンパンタワー', '/img/items/tower.svg', 30000, 15000, 5)
ON CONFLICT (item_id) DO NOTHING;
