import { Avatar, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { imageUrl } from '../../lib/image-url';

/**
 * A bot as console rows and cards name it (review, catalogue): its avatar, name and id, and one line under it
 * (the intro unless `extra` says something else).
 */
export function BotCell({
  bot,
  size = 40,
  extra,
  tags,
}: {
  bot: { id: number; name: string; avatar: string; intro?: string };
  size?: number;
  extra?: ReactNode;
  tags?: ReactNode;
}) {
  return (
    <div style={{ display: 'flex', alignItems: 'flex-start', gap: 12, minWidth: 0 }}>
      <Avatar
        src={imageUrl(bot.avatar, size)}
        size={size}
        shape="square"
        style={{ flex: 'none', borderRadius: 10 }}
      >
        {bot.name.slice(0, 1)}
      </Avatar>
      <div style={{ minWidth: 0, flex: 1, lineHeight: 1.45 }}>
        <Space size={6} wrap>
          <Typography.Text strong>{bot.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            ID {bot.id}
          </Typography.Text>
          {tags}
        </Space>
        <div style={{ color: '#8a8f99', fontSize: 12 }}>
          {extra ?? (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: bot.intro }}
              style={{ fontSize: 12, display: 'block' }}
            >
              {bot.intro || '—'}
            </Typography.Text>
          )}
        </div>
      </div>
    </div>
  );
}

/** A category's icon and name, as its tag shows it. */
export function CategoryTag({
  id,
  categories,
}: {
  id: string;
  categories?: { id: string; name: string; icon: string }[];
}) {
  const c = categories?.find((x) => x.id === id);
  return <Tag>{c ? `${c.icon && !c.icon.includes('/') ? `${c.icon} ` : ''}${c.name}` : id}</Tag>;
}
