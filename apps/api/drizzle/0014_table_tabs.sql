CREATE TABLE "tab_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"tab_id" integer NOT NULL,
	"user_id" integer,
	"cart_token" text,
	"name" text NOT NULL,
	"emoji" text,
	"status" text DEFAULT 'member' NOT NULL,
	"joined_via" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tab_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"tab_id" integer NOT NULL,
	"member_id" integer,
	"payment_id" integer,
	"state" text NOT NULL,
	"request" jsonb NOT NULL,
	"allocation" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"settles" integer NOT NULL,
	"tip" integer DEFAULT 0 NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"hold_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "table_tabs" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"join_code" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" text
);
--> statement-breakpoint
ALTER TABLE "dining_tables" ADD COLUMN "token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tab_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tab_member_id" integer;--> statement-breakpoint
ALTER TABLE "tab_members" ADD CONSTRAINT "tab_members_tab_id_table_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."table_tabs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_members" ADD CONSTRAINT "tab_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_shares" ADD CONSTRAINT "tab_shares_tab_id_table_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."table_tabs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_shares" ADD CONSTRAINT "tab_shares_member_id_tab_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."tab_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_shares" ADD CONSTRAINT "tab_shares_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_tabs" ADD CONSTRAINT "table_tabs_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_tabs" ADD CONSTRAINT "table_tabs_table_id_dining_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."dining_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tab_members_tab_idx" ON "tab_members" USING btree ("tab_id");--> statement-breakpoint
CREATE INDEX "tab_shares_tab_state_idx" ON "tab_shares" USING btree ("tab_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "tab_shares_payment_uq" ON "tab_shares" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "table_tabs_table_status_idx" ON "table_tabs" USING btree ("restaurant_id","table_id","status");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tab_id_table_tabs_id_fk" FOREIGN KEY ("tab_id") REFERENCES "public"."table_tabs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_tab_member_id_tab_members_id_fk" FOREIGN KEY ("tab_member_id") REFERENCES "public"."tab_members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dining_tables_token_uq" ON "dining_tables" USING btree ("token");--> statement-breakpoint
CREATE INDEX "orders_tab_idx" ON "orders" USING btree ("tab_id");