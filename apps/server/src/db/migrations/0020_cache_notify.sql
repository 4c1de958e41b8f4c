-- Announces the rest of what processes keep in memory, as 0006 and 0007 do (docs/architecture.md, Caches
-- across processes): a bot inserted, or its catalogue placement or translations changed (bot_changed, payload
-- its id); any change to the categories (categories_changed); to the settings or the content pages
-- (settings_changed, payload the table's name). Counters (chats, users, favourites, hot score) announce
-- nothing: they change with every reply.
CREATE OR REPLACE FUNCTION bot_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bot_changed', NEW.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bots_inserted AFTER INSERT ON bots FOR EACH ROW EXECUTE FUNCTION bot_inserted();
--> statement-breakpoint
CREATE TRIGGER bots_placed AFTER UPDATE OF featured, featured_sort, discover_pinned, discover_sort, translations
  ON bots FOR EACH ROW EXECUTE FUNCTION bot_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION categories_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('categories_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION categories_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('settings_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
--> statement-breakpoint
CREATE TRIGGER content_pages_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON content_pages
  FOR EACH STATEMENT EXECUTE FUNCTION settings_changed();
