import { ArrowDownOutlined, ArrowUpOutlined, DownOutlined, StarFilled } from '@ant-design/icons';
import type { AdminModel, ModelSource } from '@lingxi/contract';
import { Button, Dropdown, Popconfirm, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { formatCount } from '../../lib/format';

/** Where a model came from: its tag colour; its label and tip are `models.source.<source>.label/tip`. */
const SOURCE_COLOR: Record<ModelSource, string> = { builtin: 'purple', env: 'blue', console: 'geekblue' };

/** 128000 → 128K, 2000000 → 2M. */
const tokens = (n: number) =>
  n >= 1_000_000 && n % 100_000 === 0
    ? `${n / 1_000_000}M`
    : n >= 1000 && n % 1000 === 0
      ? `${n / 1000}K`
      : formatCount(n);

export type ModelActions = {
  move: (id: string, by: -1 | 1) => void;
  toggle: (m: AdminModel, field: 'enabled' | 'vip_only', value: boolean) => Promise<unknown>;
  /** Asks, then makes it the default; or says why it cannot be. */
  makeDefault: (m: AdminModel) => void;
  /** Asks, then deletes it; or says why it cannot be (`delete_refusal`). */
  remove: (m: AdminModel) => void;
  edit: (m: AdminModel) => void;
  test: (m: AdminModel) => void;
  /** A change is on its way: the order buttons wait. */
  busy: boolean;
};

/** A menu action that may be refused: greyed, and a click says why (the page's `makeDefault` / `remove`). */
function Refusable({ refusal, children }: { refusal: string | null; children: string }) {
  return refusal ? <Typography.Text type="secondary">{children}</Typography.Text> : <>{children}</>;
}

/** Why a model cannot become the default, or null. */
export const defaultRefusal = (t: TFunction, m: AdminModel) =>
  m.is_default
    ? t('models.default.already')
    : !m.enabled
      ? t('models.default.enableFirst')
      : m.vip_only
        ? t('models.default.notVipOnly')
        : null;

export function modelColumns(t: TFunction, shown: AdminModel[], a: ModelActions): ColumnsType<AdminModel> {
  return [
    {
      title: t('models.col.order'),
      key: 'order',
      width: 76,
      render: (_, m, i) => (
        <Space size={0}>
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={t('models.moveUp', { name: m.name })}
            disabled={i === 0 || a.busy}
            onClick={() => a.move(m.id, -1)}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={t('models.moveDown', { name: m.name })}
            disabled={i === shown.length - 1 || a.busy}
            onClick={() => a.move(m.id, 1)}
          />
        </Space>
      ),
    },
    {
      title: t('models.col.model'),
      key: 'name',
      width: 250,
      render: (_, m) => (
        <Space direction="vertical" size={2}>
          <Space size={4} wrap>
            <Typography.Text strong type={m.enabled ? undefined : 'secondary'}>
              {m.name}
            </Typography.Text>
            {m.is_default ? (
              <Tag color="gold" icon={<StarFilled />}>
                {t('models.default.tag')}
              </Tag>
            ) : null}
            {m.enabled ? null : <Tag>{t('common.disabled')}</Tag>}
          </Space>
          <Space size={4}>
            <Typography.Text type="secondary" copyable={{ text: m.id }} style={{ fontSize: 12 }}>
              {m.id}
            </Typography.Text>
            <Tooltip title={t(`models.source.${m.source}.tip`)}>
              <Tag
                color={SOURCE_COLOR[m.source]}
                bordered={false}
                style={{ fontSize: 11, marginInlineEnd: 0 }}
              >
                {t(`models.source.${m.source}.label`)}
              </Tag>
            </Tooltip>
          </Space>
        </Space>
      ),
    },
    {
      title: t('models.col.upstream'),
      key: 'upstream',
      render: (_, m) =>
        m.provider === 'offline' ? (
          <Typography.Text type="secondary">{t('models.offlineNote')}</Typography.Text>
        ) : (
          <Space direction="vertical" size={2} style={{ maxWidth: 260 }}>
            <Typography.Text ellipsis={{ tooltip: m.upstream_model }} style={{ maxWidth: 260 }}>
              {m.upstream_model}
            </Typography.Text>
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: m.base_url }}
              style={{ fontSize: 12, maxWidth: 260 }}
            >
              {m.base_url}
            </Typography.Text>
            {m.api_key_set ? (
              <Typography.Text type="secondary" style={{ fontSize: 12, fontFamily: 'monospace' }}>
                {m.api_key_masked}
              </Typography.Text>
            ) : (
              <Tag color="red">{t('models.noApiKey')}</Tag>
            )}
          </Space>
        ),
    },
    {
      title: t('models.col.price'),
      dataIndex: 'chip_price',
      align: 'right',
      width: 140,
      render: (n: number) =>
        n === 0 ? (
          <Tag color="green">{t('models.free')}</Tag>
        ) : (
          t('models.pricePerReply', { count: n, price: formatCount(n) })
        ),
    },
    {
      title: t('models.col.context'),
      dataIndex: 'context_window',
      align: 'right',
      width: 80,
      render: tokens,
    },
    {
      title: t('models.col.bots'),
      dataIndex: 'bot_count',
      align: 'right',
      width: 72,
      render: (n: number) => (n ? formatCount(n) : <Typography.Text type="secondary">0</Typography.Text>),
    },
    {
      title: t('models.col.vipOnly'),
      key: 'vip_only',
      width: 120,
      align: 'center',
      render: (_, m) => (
        <Popconfirm
          title={m.vip_only ? t('models.vip.openTitle') : t('models.vip.restrictTitle')}
          description={m.vip_only ? undefined : t('models.vip.restrictText')}
          disabled={m.is_default}
          onConfirm={() => a.toggle(m, 'vip_only', !m.vip_only)}
        >
          <Tooltip title={m.is_default ? t('models.default.openToAll') : undefined}>
            <Switch
              size="small"
              checked={m.vip_only}
              disabled={m.is_default}
              aria-label={t('models.vip.aria', { name: m.name })}
            />
          </Tooltip>
        </Popconfirm>
      ),
    },
    {
      title: t('models.col.enabled'),
      key: 'enabled',
      width: 90,
      align: 'center',
      render: (_, m) => (
        <Popconfirm
          title={
            m.enabled
              ? t('models.enable.offTitle', { name: m.name })
              : t('models.enable.onTitle', { name: m.name })
          }
          description={
            m.enabled
              ? m.bot_count
                ? t('models.enable.offTextBots', { count: m.bot_count })
                : t('models.enable.offText')
              : t('models.enable.onText')
          }
          disabled={m.is_default}
          onConfirm={() => a.toggle(m, 'enabled', !m.enabled)}
        >
          <Tooltip title={m.is_default ? t('models.default.alwaysOn') : undefined}>
            <Switch
              size="small"
              checked={m.enabled}
              disabled={m.is_default}
              aria-label={t('models.enable.aria', { name: m.name })}
            />
          </Tooltip>
        </Popconfirm>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 220,
      render: (_, m) => {
        const notDefault = defaultRefusal(t, m);
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => a.test(m)}>
              {t('models.test')}
            </Button>
            <Button type="link" size="small" onClick={() => a.edit(m)}>
              {t('common.edit')}
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  ...(m.is_default
                    ? []
                    : [
                        {
                          key: 'default',
                          label: <Refusable refusal={notDefault}>{t('models.default.make')}</Refusable>,
                          onClick: () => a.makeDefault(m),
                        },
                      ]),
                  {
                    key: 'delete',
                    danger: !m.delete_refusal,
                    label: <Refusable refusal={m.delete_refusal}>{t('common.delete')}</Refusable>,
                    onClick: () => a.remove(m),
                  },
                ],
              }}
            >
              <Button type="link" size="small" aria-label={t('models.moreAria', { name: m.name })}>
                {t('models.more')} <DownOutlined />
              </Button>
            </Dropdown>
          </Space>
        );
      },
    },
  ];
}
