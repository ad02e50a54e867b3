ALTER TABLE "order_items" ADD COLUMN "kitchen_done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kitchen_rush" boolean DEFAULT false NOT NULL;