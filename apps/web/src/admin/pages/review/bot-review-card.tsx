import type { AdminBotReviewItem, AdminCategory, BotLiveVersion } from '@lingxi/contract';
import { Avatar, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../../../lib/image-url';
import { formatTime } from '../../lib/format';
import { BotCell, CategoryTag } from '../../ui/bot-cell';
import { useTranslation } from 'react-i18next';

/** The fields an edit is compared on; each named by `review.bot.fields.<key>`. */
type Field = { key: keyof BotLiveVersion };
const FIELDS: Field[] = [
  { key: 'name' },
  { key: 'avatar' },
  { key: 'intro' },
  { key: 'category' },
  { key: 'tags' },
  { key: 'greeting' },
  { key: 'questions' },
  { key: 'persona' },
  { key: 'model_id' },
  { key: 'temperature' },
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The submitted settings as the bot's page and editor would show them. */
function Settings({ bot, categories }: { bot: AdminBotReviewItem; categories?: AdminCategory[] }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={2} bordered styles={{ label: { width: 96 } }}>
      <Descriptions.Item label={t('review.bot.fields.category')}>
        <CategoryTag id={bot.category} categories={categories} />
      </Descriptions.Item>
      <Descriptions.Item label={t('review.bot.fields.model_id')}>
        {t('review.bot.modelTemp', {
          model: bot.model_id ?? t('review.bot.platformDefault'),
          temperature: bot.temperature,
        })}
      </Descriptions.Item>
      <Descriptions.Item label={t('review.bot.fields.tags')} span={2}>
        {bot.tags.length ? bot.tags.map((tag) => <Tag key={tag}>{tag}</Tag>) : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('review.bot.fields.greeting')} span={2}>
        <span style={{ whiteSpace: 'pre-wrap' }}>{bot.greeting || '—'}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('review.bot.fields.questions')} span={2}>
        {bot.questions.length ? bot.questions.map((q) => <Tag key={q}>{q}</Tag>) : '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('review.bot.fields.persona')} span={2}>
        <Typography.Paragraph
          className="review-persona"
          ellipsis={{
            rows: 5,
            expandable: 'collapsible',
            symbol: (open) => (open ? t('review.bot.collapse') : t('review.bot.expand')),
          }}
        >
          {bot.persona}
        </Typography.Paragraph>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** What an edit changes: each changed field, the live value struck through above the new one. */
function Diff({
  bot,
  live,
  categories,
}: {
  bot: AdminBotReviewItem;
  live: BotLiveVersion;
  categories?: AdminCategory[];
}) {
  const { t } = useTranslation();
  const show = (key: Field['key'], v: unknown): ReactNode => {
    if (key === 'category') return <CategoryTag id={String(v)} categories={categories} />;
    if (key === 'avatar') return <Avatar src={imageUrl(String(v), 36)} size={36} shape="square" />;
    if (Array.isArray(v)) return v.length ? v.join(' / ') : t('review.bot.empty');
    if (v === null) return t('review.bot.platformDefault');
    return String(v) || t('review.bot.empty');
  };
  const submitted = bot as unknown as Record<string, unknown>;
  const changed = FIELDS.filter((f) => !same(live[f.key], submitted[f.key]));
  if (!changed.length)
    return <Typography.Text type="secondary">{t('review.bot.sameAsLive')}</Typography.Text>;
  return (
    <table className="ant-table review-diff" style={{ width: '100%', borderCollapse: 'collapse' }}>
      <tbody>
        {changed.map((f) => (
          <tr key={f.key} style={{ borderBottom: '1px solid #f0f0f0' }}>
            <td style={{ width: 96, padding: '8px 0', color: '#8a8f99' }}>
              {t(`review.bot.fields.${f.key}`)}
            </td>
            <td style={{ padding: '8px 0' }}>
              <div className="review-diff-old" style={{ whiteSpace: 'pre-wrap' }}>
                {show(f.key, live[f.key])}
              </div>
              <div style={{ whiteSpace: 'pre-wrap' }}>{show(f.key, submitted[f.key])}</div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A bot waiting for review: a new bot, or an edit of a published one beside its live version. */
export function BotReviewCard({
  bot,
  categories,
  onApprove,
  onReject,
}: {
  bot: AdminBotReviewItem;
  categories?: AdminCategory[];
  onApprove: () => void;
  onReject: () => void;
}) {
  const creator = bot.creator;
  const { t } = useTranslation();
  return (
    <Card className="review-card">
      <div className="review-card-head">
        <BotCell
          bot={bot}
          size={56}
          tags={
            bot.live ? (
              <Tag color="blue">{t('review.bot.editPending')}</Tag>
            ) : (
              <Tag color="orange">{t('review.bot.newSubmission')}</Tag>
            )
          }
          extra={
            <>
              <div style={{ color: '#3a3f4b', fontSize: 13 }}>{bot.intro || t('review.bot.noIntro')}</div>
              <div>
                {t('review.bot.creator')}{' '}
                {creator ? (
                  <Link to={`/admin/users/${creator.id}`}>
                    {creator.nickname || t('review.bot.userN', { id: creator.id })}
                  </Link>
                ) : (
                  t('review.bot.official')
                )}{' '}
                · {t('review.bot.submittedAt', { time: formatTime(bot.submitted_at) })}
              </div>
            </>
          }
        />
        <div className="review-card-actions">
          <Button danger onClick={onReject}>
            {t('review.bot.reject')}
          </Button>
          <Button type="primary" onClick={onApprove}>
            {bot.live ? t('review.bot.approveEdit') : t('review.bot.approveList')}
          </Button>
        </div>
      </div>
      {bot.live ? (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text strong>{t('review.bot.vsLive')}</Typography.Text>
          <Diff bot={bot} live={bot.live} categories={categories} />
          <details>
            <summary style={{ cursor: 'pointer', color: '#5b5bf6' }}>{t('review.bot.fullSettings')}</summary>
            <div style={{ marginTop: 10 }}>
              <Settings bot={bot} categories={categories} />
            </div>
          </details>
        </Space>
      ) : (
        <Settings bot={bot} categories={categories} />
      )}
    </Card>
  );
}
