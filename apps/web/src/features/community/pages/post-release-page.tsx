import { countGraphemes, POST_CONTENT_MAX, type CreatePostBody, type Topic } from '@lingxi/contract';
import { Button, Dialog, DotLoading, TextArea, Toast } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadErrorState } from '../../../components/load-error-state';
import { PageNavBar } from '../../../components/page-nav-bar';
import { RequireLogin } from '../../../components/require-login';
import { useBot } from '../../../lib/api/get-bot';
import { useProfile } from '../../../lib/api/get-user';
import { useNavigateSafe } from '../../../lib/navigation';
import { useThrottleFn } from '../../../lib/use-throttle-fn';
import { useCreatePost } from '../api/create-post';
import { useSnippet } from '../api/get-snippet';
import { BotPickerPopup, SnippetPickerPopup } from '../components/attach-pickers';
import { AttachmentRow } from '../components/attachment-row';
import { isEmptyDraft, postDraftName, type Attachment, type PostDraft } from '../components/release-draft';
import { ReleaseImages } from '../components/release-images';
import { TopicPicker } from '../components/topic-picker';
import { readPostDraft, usePostDraft } from '../components/use-post-draft';
import { usePostImages } from '../components/use-post-images';
import './post-release-page.css';

const idParam = (value: string | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** `?snippet=` or `?bot=` (share from 我的片段, or from a bot): the card to start with, once it has loaded. */
function usePrefill(): Attachment | null {
  const [search] = useSearchParams();
  const snippetId = idParam(search.get('snippet'));
  const botId = snippetId === null ? idParam(search.get('bot')) : null;
  const snippet = useSnippet(snippetId ?? 0).data;
  const bot = useBot(botId).data;
  if (snippetId !== null && snippet?.id === snippetId) return { kind: 'snippet', snippet };
  if (botId !== null && bot?.id === botId && bot.status === 'published' && bot.visibility === 'public')
    return { kind: 'bot', bot: { id: bot.id, name: bot.name, avatar: bot.avatar, intro: bot.intro } };
  return null;
}

function ReleaseForm({ draftName }: { draftName: string }) {
  const { t } = useTranslation();
  const nav = useNavigateSafe();
  const [restored] = useState(() => readPostDraft(draftName));
  const [content, setContent] = useState(restored?.content ?? '');
  const [topic, setTopic] = useState<Topic | null>(restored?.topic ?? null);
  // undefined: not chosen on this visit, so the link's card (or the draft's) stands.
  const [choice, setChoice] = useState<Attachment | null | undefined>(undefined);
  const [picker, setPicker] = useState<'bot' | 'snippet' | null>(null);
  const images = usePostImages(restored?.images ?? []);
  const prefill = usePrefill();
  const attachment = choice !== undefined ? choice : (prefill ?? restored?.attachment ?? null);
  const create = useCreatePost();

  const draft = useMemo<PostDraft>(
    () => ({ content, images: images.uploaded, attachment, topic }),
    [content, images.uploaded, attachment, topic],
  );
  const { clear } = usePostDraft(draftName, draft);

  useEffect(() => {
    if (restored) Toast.show({ content: t('release.draftRestored') });
  }, [restored, t]);

  const length = countGraphemes(content.trim());
  const hasBody = content.trim() !== '' || images.items.length > 0 || attachment?.kind === 'snippet';

  const publish = async () => {
    if (!hasBody || create.isPending) return;
    if (length > POST_CONTENT_MAX)
      return void Toast.show({ content: t('release.tooLong', { count: POST_CONTENT_MAX }) });
    if (images.uploading) return void Toast.show({ content: t('release.stillUploading') });
    if (images.failed) return void Toast.show({ content: t('release.someFailed') });
    const body: CreatePostBody = {
      content: content.trim(),
      images: images.uploaded.map((image) => image.id),
      ...(attachment?.kind === 'bot' ? { bot_id: attachment.bot.id } : {}),
      ...(attachment?.kind === 'snippet' ? { snippet_id: attachment.snippet.id } : {}),
      ...(topic ? { topic_id: topic.id } : {}),
    };
    const post = await create.mutateAsync(body).catch(() => null);
    if (!post) return;
    clear();
    if (post.status === 'pending_review') {
      await Dialog.alert({
        title: t('release.pendingTitle'),
        content: t('release.pendingText'),
        confirmText: t('release.pendingOk'),
      });
    } else {
      Toast.show({ icon: 'success', content: t('release.published') });
    }
    nav.replace(`/post/detail?id=${post.id}`);
  };

  const onPublish = useThrottleFn(() => void publish());

  const leave = () => {
    if (!isEmptyDraft(draft)) Toast.show({ content: t('release.draftSaved') });
    nav.back('/post');
  };

  return (
    <div className="lx-page">
      <PageNavBar
        title={t('titles.postRelease')}
        onBack={leave}
        right={
          <Button
            size="small"
            shape="rounded"
            color="primary"
            className="lx-release__publish"
            disabled={!hasBody}
            loading={create.isPending}
            onClick={onPublish}
            data-testid="release-publish"
          >
            {t('release.publish')}
          </Button>
        }
      />
      <main className="lx-page-body lx-release">
        <section className="lx-release__editor lx-card">
          <TextArea
            className="lx-release__text"
            value={content}
            onChange={setContent}
            placeholder={t('release.placeholder')}
            autoSize={{ minRows: 5, maxRows: 14 }}
            id="lx-release-text"
            data-testid="release-text"
          />
          <div
            className={`lx-release__count${length > POST_CONTENT_MAX ? ' lx-release__count--over' : ''}`}
            data-testid="release-count"
          >
            {length}/{POST_CONTENT_MAX}
          </div>
          <ReleaseImages
            items={images.items}
            onAdd={images.add}
            onRetry={images.retry}
            onRemove={images.remove}
            onMove={images.move}
          />
        </section>
        <section className="lx-release__attach lx-card">
          <AttachmentRow
            attachment={attachment}
            onPickBot={() => setPicker('bot')}
            onPickSnippet={() => setPicker('snippet')}
            onClear={() => setChoice(null)}
          />
        </section>
        <TopicPicker value={topic} onChange={setTopic} />
        {isEmptyDraft(draft) ? null : <p className="lx-release__saved">{t('release.autoSaved')}</p>}
      </main>
      <BotPickerPopup
        visible={picker === 'bot'}
        onClose={() => setPicker(null)}
        onPick={(bot) => {
          setPicker(null);
          setChoice({
            kind: 'bot',
            bot: { id: bot.id, name: bot.name, avatar: bot.avatar, intro: bot.intro },
          });
        }}
      />
      <SnippetPickerPopup
        visible={picker === 'snippet'}
        onClose={() => setPicker(null)}
        onPick={(snippet) => {
          setPicker(null);
          setChoice({ kind: 'snippet', snippet });
        }}
      />
    </div>
  );
}

/**
 * /post/release: write a post (text, up to nine images, one bot or snippet card, a topic). The draft stays on the
 * device per user until it is published; publishing says whether the post is live or waits for review.
 */
export default function PostReleasePage() {
  return (
    <RequireLogin>
      <ReleaseForUser />
    </RequireLogin>
  );
}

/** The draft is the user's own: the form waits until it knows whose (never a draft shared under no one). */
function ReleaseForUser() {
  const { t } = useTranslation();
  const profile = useProfile();
  if (profile.user) {
    const name = postDraftName(profile.user.id);
    return <ReleaseForm key={name} draftName={name} />;
  }
  return (
    <div className="lx-page">
      <PageNavBar title={t('titles.postRelease')} backFallback="/post" />
      <main className="lx-page-body">
        {profile.isError ? (
          <LoadErrorState card error={profile.error} onRetry={profile.refetch} />
        ) : (
          <div className="lx-release__loading" role="status" data-testid="release-loading">
            <DotLoading color="primary" />
          </div>
        )}
      </main>
    </div>
  );
}
