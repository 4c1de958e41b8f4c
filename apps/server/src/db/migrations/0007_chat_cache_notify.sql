-- Announces the changes that alter what a reply reads from memory, as 0006 does for sessions: a bot's
-- content, model, knowledge, visibility or status changed, or the bot deleted (payload: its id; its
-- counters changing announce nothing), and any change to the models. The embedded database's single
-- process listens and drops the bot, or the models, from its caches (BotsService, ModelsService).
CREATE OR REPLACE FUNCTION bot_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('bot_changed', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bots_changed AFTER UPDATE OF creator_id, name, avatar, intro, category_id, tags, persona,
  greeting, questions, model_id, temperature, knowledge_base_ids, visibility, status, is_assistant,
  deleted_at OR DELETE ON bots
  FOR EACH ROW EXECUTE FUNCTION bot_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION models_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('models_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER models_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON models
  FOR EACH STATEMENT EXECUTE FUNCTION models_changed();
