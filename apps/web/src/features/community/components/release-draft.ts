import type { BotSummary, Snippet, Topic } from '@lingxi/contract';

/** An uploaded image of the draft: what the post sends (`id`) and shows. */
export interface DraftImage {
  id: number;
  url: string;
  width: number;
  height: number;
}

export type AttachedBot = Pick<BotSummary, 'id' | 'name' | 'avatar' | 'intro'>;

/** A post carries at most one card: a bot or a snippet (docs/community.md, Posts). */
export type Attachment = { kind: 'bot'; bot: AttachedBot } | { kind: 'snippet'; snippet: Snippet };

/** What /post/release keeps on the device while the post is not published. */
export interface PostDraft {
  content: string;
  images: DraftImage[];
  attachment: Attachment | null;
  topic: Topic | null;
}

export const EMPTY_POST_DRAFT: PostDraft = { content: '', images: [], attachment: null, topic: null };

/** One draft per user, so two accounts on a device never see each other's. */
export const postDraftName = (userId: number) => `post:${userId}`;

export function isEmptyDraft(draft: PostDraft): boolean {
  return (
    draft.content.trim() === '' &&
    draft.images.length === 0 &&
    draft.attachment === null &&
    draft.topic === null
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function readImage(value: unknown): DraftImage | null {
  if (!isObject(value) || typeof value.id !== 'number' || typeof value.url !== 'string') return null;
  return {
    id: value.id,
    url: value.url,
    width: typeof value.width === 'number' ? value.width : 0,
    height: typeof value.height === 'number' ? value.height : 0,
  };
}

function readAttachment(value: unknown): Attachment | null {
  if (!isObject(value)) return null;
  if (value.kind === 'bot' && isObject(value.bot) && typeof value.bot.id === 'number')
    return { kind: 'bot', bot: value.bot as unknown as AttachedBot };
  if (value.kind === 'snippet' && isObject(value.snippet) && typeof value.snippet.id === 'number')
    return { kind: 'snippet', snippet: value.snippet as unknown as Snippet };
  return null;
}

/** A stored draft, checked field by field: what an older version (or a hand) wrote is read as far as it makes sense. */
export function parsePostDraft(value: unknown): PostDraft | null {
  if (!isObject(value)) return null;
  const images = Array.isArray(value.images)
    ? value.images.map(readImage).filter((i): i is DraftImage => i !== null)
    : [];
  const topic =
    isObject(value.topic) && typeof value.topic.id === 'number' && typeof value.topic.name === 'string'
      ? { id: value.topic.id, name: value.topic.name }
      : null;
  const draft: PostDraft = {
    content: typeof value.content === 'string' ? value.content : '',
    images,
    attachment: readAttachment(value.attachment),
    topic,
  };
  return isEmptyDraft(draft) ? null : draft;
}
