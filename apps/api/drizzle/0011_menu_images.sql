ALTER TABLE "menu_items" ADD COLUMN "photo" jsonb;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "photo" jsonb;