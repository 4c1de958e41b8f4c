-- Announces every change that could end or alter a session: a session revoked, moved or deleted; its
-- user's role, status or VIP changed, or the user deleted. The payload is the user's id. The embedded
-- database's single process listens and drops that user's sessions from its cache (SessionService).
CREATE OR REPLACE FUNCTION auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('auth_changed', OLD.id::text);
  ELSE
    PERFORM pg_notify('auth_changed', OLD.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_auth_changed AFTER UPDATE OF role, status, vip_expires_at, deleted_at OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF revoked_at, token_hash, user_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION auth_changed();
