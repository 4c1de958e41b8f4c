-- Announces what logged-in reads keep per user (docs/performance-api.md, Fast reads), as 0006 and 0020 do for
-- other caches: any change of a user's row (user_changed, payload the user's id: AccountService keeps the row
-- for their profile), and of a user's favourite bots (favourite_changed, payload the user's id, both users'
-- when a row changes hands; empty when the table is emptied: everyone's. BotsService keeps the marks).
CREATE OR REPLACE FUNCTION user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('user_changed', '');
  ELSE
    PERFORM pg_notify('user_changed', OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION user_changed();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION user_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION favourite_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    PERFORM pg_notify('favourite_changed', '');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('favourite_changed', OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('favourite_changed', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bot_favourites_changed AFTER INSERT OR UPDATE OR DELETE ON bot_favourites
  FOR EACH ROW EXECUTE FUNCTION favourite_changed();
--> statement-breakpoint
CREATE TRIGGER bot_favourites_truncated AFTER TRUNCATE ON bot_favourites
  FOR EACH STATEMENT EXECUTE FUNCTION favourite_changed();
