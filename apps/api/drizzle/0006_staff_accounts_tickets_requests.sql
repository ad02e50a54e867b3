CREATE TABLE "table_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"table_no" text,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kiosk_ticket" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "menu_publishing_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "table_requests" ADD CONSTRAINT "table_requests_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_requests" ADD CONSTRAINT "table_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "table_requests_restaurant_idx" ON "table_requests" USING btree ("restaurant_id","acknowledged_at");--> statement-breakpoint
CREATE INDEX "table_requests_order_idx" ON "table_requests" USING btree ("order_id");