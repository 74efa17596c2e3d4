-- The initial plan catalogue (contract §6). Prices are monthly, in yen, tax included; the operator
-- edits these rows later, so nothing in the code depends on the amounts.
INSERT INTO "plans" ("id", "name", "monthly_price", "limit_staff", "description", "sort_order") VALUES
  ('light', 'ライト', 9800, 3, '少人数のお店や個人のお店に。キャスト3名まで掲載できます。', 1),
  ('standard', 'スタンダード', 29800, 15, 'はじめての掲載におすすめ。キャスト15名まで掲載できます。', 2),
  ('premium', 'プレミアム', 59800, 50, '在籍の多いお店に。キャスト50名まで掲載できます。', 3)
ON CONFLICT ("id") DO NOTHING;
