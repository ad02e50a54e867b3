CREATE TABLE "audit_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"actor_username" text,
	"actor_role" text,
	"device" text,
	"ip" text,
	"user_agent" text,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
ALTER TABLE "audit_records" ADD CONSTRAINT "audit_records_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_records_restaurant_at_idx" ON "audit_records" USING btree ("restaurant_id","at");--> statement-breakpoint
CREATE INDEX "audit_records_restaurant_id_idx" ON "audit_records" USING btree ("restaurant_id","id");--> statement-breakpoint
-- Append-only (docs/audit.md): no UPDATE, DELETE or TRUNCATE of an audit record, whoever asks.
CREATE FUNCTION "audit_records_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_records is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_records_append_only" BEFORE UPDATE OR DELETE ON "audit_records" FOR EACH ROW EXECUTE FUNCTION "audit_records_refuse_change"();--> statement-breakpoint
CREATE TRIGGER "audit_records_no_truncate" BEFORE TRUNCATE ON "audit_records" FOR EACH STATEMENT EXECUTE FUNCTION "audit_records_refuse_change"();
