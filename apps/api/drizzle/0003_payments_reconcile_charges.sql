CREATE TABLE "gateway_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"access_token" text NOT NULL,
	"tx_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "gateway_charges_provider_reference_uq" ON "gateway_charges" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "payments_fc_order_idx" ON "payments" USING btree ("fc_order_id");--> statement-breakpoint
CREATE INDEX "payments_state_checked_idx" ON "payments" USING btree ("state","last_checked_at");