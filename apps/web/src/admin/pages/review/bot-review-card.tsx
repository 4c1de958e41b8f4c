import type { AdminBotReviewItem, AdminCategory, BotLiveVersion } from '@lingxi/contract';
import { Avatar, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../../../lib/image-url';
import { formatTime } from '../../lib/format';
import { BotCell, CategoryTag } from '../../ui/bot-cell';

type Field = { key: keyof BotLiveVersion; label: string };
const FIELDS: Field[] = [
  { key: 'name', label: '名称' },
  { key: 'avatar', label: '头像' },
  { key: 'intro', label: '简介' },
  { key: 'category', label: '分类' },
  { key: 'tags', label: '标签' },
  { key: 'greeting', label: '开场白' },
  { key: 'questions', label: '推荐问题' },
  { key: 'persona', label: '角色设定' },
  { key: 'model_id', label: '模型' },
  { key: 'temperature', label: '温度' },
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The submitted settings as the bot's page and editor would show them. */
function Settings({ bot, categories }: { bot: AdminBotReviewItem; categories?: AdminCategory[] }) {
  return (
    <Descriptions size="small" column={2} bordered styles={{ label: { width: 96 } }}>
      <Descriptions.Item label="分类">
        <CategoryTag id={bot.category} categories={categories} />
      </Descriptions.Item>
      <Descriptions.Item label="模型">
        {bot.model_id ?? '平台默认'} · 温度 {bot.temperature}
      </Descriptions.Item>
      <Descriptions.Item label="标签" span={2}>
        {bot.tags.length ? bot.tags.map((t) => <Tag key={t}>{t}</Tag>) : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="开场白" span={2}>
        <span style={{ whiteSpace: 'pre-wrap' }}>{bot.greeting || '—'}</span>
      </Descriptions.Item>
      <Descriptions.Item label="推荐问题" span={2}>
        {bot.questions.length ? bot.questions.map((q) => <Tag key={q}>{q}</Tag>) : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="角色设定" span={2}>
        <Typography.Paragraph
          className="review-persona"
          ellipsis={{ rows: 5, expandable: 'collapsible', symbol: (open) => (open ? '收起' : '展开') }}
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
  const show = (key: Field['key'], v: unknown): ReactNode => {
    if (key === 'category') return <CategoryTag id={String(v)} categories={categories} />;
    if (key === 'avatar') return <Avatar src={imageUrl(String(v), 36)} size={36} shape="square" />;
    if (Array.isArray(v)) return v.length ? v.join(' / ') : '（空）';
    if (v === null) return '平台默认';
    return String(v) || '（空）';
  };
  const submitted = bot as unknown as Record<string, unknown>;
  const changed = FIELDS.filter((f) => !same(live[f.key], submitted[f.key]));
  if (!changed.length) return <Typography.Text type="secondary">这次修改与线上版本相同</Typography.Text>;
  return (
    <table className="ant-table review-diff" style={{ width: '100%', borderCollapse: 'collapse' }}>
      <tbody>
        {changed.map((f) => (
          <tr key={f.key} style={{ borderBottom: '1px solid #f0f0f0' }}>
            <td style={{ width: 96, padding: '8px 0', color: '#8a8f99' }}>{f.label}</td>
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
  return (
    <Card className="review-card">
      <div className="review-card-head">
        <BotCell
          bot={bot}
          size={56}
          tags={bot.live ? <Tag color="blue">修改待审</Tag> : <Tag color="orange">新提交</Tag>}
          extra={
            <>
              <div style={{ color: '#3a3f4b', fontSize: 13 }}>{bot.intro || '（没有简介）'}</div>
              <div>
                创建者{' '}
                {creator ? (
                  <Link to={`/admin/users/${creator.id}`}>{creator.nickname || `用户${creator.id}`}</Link>
                ) : (
                  '官方'
                )}{' '}
                · 提交于 {formatTime(bot.submitted_at)}
              </div>
            </>
          }
        />
        <div className="review-card-actions">
          <Button danger onClick={onReject}>
            驳回
          </Button>
          <Button type="primary" onClick={onApprove}>
            {bot.live ? '通过修改' : '通过并上架'}
          </Button>
        </div>
      </div>
      {bot.live ? (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          <Typography.Text strong>与线上版本相比</Typography.Text>
          <Diff bot={bot} live={bot.live} categories={categories} />
          <details>
            <summary style={{ cursor: 'pointer', color: '#5b5bf6' }}>查看修改后的完整设定</summary>
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
