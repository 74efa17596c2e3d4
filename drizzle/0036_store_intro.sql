ALTER TABLE "livers" ADD COLUMN "pr_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "access" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "livers" ADD COLUMN "first_visit" jsonb;