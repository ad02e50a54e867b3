CREATE TABLE "message_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"provider" text NOT NULL,
	"recipient" text NOT NULL,
	"otp_challenge_id" integer,
	"user_id" integer,
	"topic" text,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider_message_id" text,
	"status" text NOT NULL,
	"error_code" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "delivery_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "whatsapp_updates_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_otp_challenge_id_otp_challenges_id_fk" FOREIGN KEY ("otp_challenge_id") REFERENCES "public"."otp_challenges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_deliveries" ADD CONSTRAINT "message_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_deliveries_provider_msg_uq" ON "message_deliveries" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_deliveries_topic_uq" ON "message_deliveries" USING btree ("topic");--> statement-breakpoint
CREATE INDEX "message_deliveries_challenge_idx" ON "message_deliveries" USING btree ("otp_challenge_id");--> statement-breakpoint
CREATE INDEX "message_deliveries_status_idx" ON "message_deliveries" USING btree ("status","created_at");