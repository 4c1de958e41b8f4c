-- Announces a change to what a user can spend: their balance or the chips set aside for replies in
-- progress (payload: the user's id). The embedded database's single process listens and drops what it
-- kept of it in memory (WalletService), as 0006–0008 do for sessions, bots and conversations.
CREATE OR REPLACE FUNCTION chips_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('chips_changed', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_chips_changed AFTER UPDATE OF chips, chips_held OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION chips_changed();
