-- Announces a change to what a reply reads of a conversation before it asks the model: the conversation's
-- row (its title, its deletion) or any of its messages (payload: the conversation's id). The embedded
-- database's single process listens and drops that read from memory (ReplyService), as 0006 and 0007 do
-- for sessions and bots.
CREATE OR REPLACE FUNCTION conversation_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'messages' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM pg_notify('conversation_changed', OLD.conversation_id::text);
    ELSE
      PERFORM pg_notify('conversation_changed', NEW.conversation_id::text);
    END IF;
  ELSE
    PERFORM pg_notify('conversation_changed', OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_changed AFTER INSERT OR UPDATE OR DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION conversation_changed();
--> statement-breakpoint
CREATE TRIGGER conversations_changed AFTER UPDATE OR DELETE ON conversations
  FOR EACH ROW EXECUTE FUNCTION conversation_changed();
