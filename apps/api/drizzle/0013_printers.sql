CREATE TABLE "print_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"printer_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"order_id" integer,
	"kind" text NOT NULL,
	"heading" text NOT NULL,
	"reprint" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"failure" text,
	"payload" text NOT NULL,
	"command_set" text NOT NULL,
	"source_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"printed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"station" text,
	"connection" text NOT NULL,
	"command_set" text NOT NULL,
	"paper_width" smallint NOT NULL,
	"language" text NOT NULL,
	"prints" jsonb NOT NULL,
	"copies" smallint DEFAULT 1 NOT NULL,
	"printer_only" boolean DEFAULT false NOT NULL,
	"username" text,
	"password_hash" text,
	"digest_ha1" text,
	"state" text DEFAULT 'offline' NOT NULL,
	"state_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"cursor_tx" "xid8" NOT NULL,
	"cursor_event_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printers_username_unique" UNIQUE("username")
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "tx_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_printer_source_uq" ON "print_jobs" USING btree ("printer_id","source_key");--> statement-breakpoint
CREATE INDEX "print_jobs_printer_status_idx" ON "print_jobs" USING btree ("printer_id","status","id");--> statement-breakpoint
CREATE INDEX "print_jobs_restaurant_idx" ON "print_jobs" USING btree ("restaurant_id","id");--> statement-breakpoint
CREATE INDEX "print_jobs_order_idx" ON "print_jobs" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "printers_restaurant_idx" ON "printers" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "order_events_tx_idx" ON "order_events" USING btree ("tx_id","id");