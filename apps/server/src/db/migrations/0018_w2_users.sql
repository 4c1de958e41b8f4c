CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_vip_idx" ON "users" USING btree ("vip_expires_at");