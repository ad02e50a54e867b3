ALTER TABLE "e_invoices" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD COLUMN "tab_share_id" integer;--> statement-breakpoint
ALTER TABLE "email_invoices" ADD COLUMN "tab_share_id" integer;--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_tab_share_id_tab_shares_id_fk" FOREIGN KEY ("tab_share_id") REFERENCES "public"."tab_shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_invoices" ADD CONSTRAINT "email_invoices_tab_share_id_tab_shares_id_fk" FOREIGN KEY ("tab_share_id") REFERENCES "public"."tab_shares"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_invoices_tab_share_idx" ON "email_invoices" USING btree ("tab_share_id");--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_tab_share_id_unique" UNIQUE("tab_share_id");--> statement-breakpoint
ALTER TABLE "e_invoices" ADD CONSTRAINT "e_invoices_one_subject_ck" CHECK (num_nonnulls("e_invoices"."order_id", "e_invoices"."tab_share_id") = 1);