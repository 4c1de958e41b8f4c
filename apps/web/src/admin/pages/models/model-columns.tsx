import { ArrowDownOutlined, ArrowUpOutlined, DownOutlined, StarFilled } from '@ant-design/icons';
import type { AdminModel, ModelSource } from '@lingxi/contract';
import { Button, Dropdown, Popconfirm, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { formatCount } from '../../lib/format';

const SOURCE: Record<ModelSource, { label: string; color: string; tip: string }> = {
  builtin: { label: '内置', color: 'purple', tip: '内置离线模型：不联网，回答示例文本' },
  env: { label: '环境变量', color: 'blue', tip: '来自 LLM_MODELS：未在后台修改前，每次启动按环境变量更新' },
  console: { label: '后台', color: 'geekblue', tip: '在后台添加或修改过：重启不会覆盖' },
};

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
export const defaultRefusal = (m: AdminModel) =>
  m.is_default
    ? '已是默认模型'
    : !m.enabled
      ? '先启用才能设为默认'
      : m.vip_only
        ? '仅限会员的模型不能设为默认'
        : null;

export function modelColumns(shown: AdminModel[], a: ModelActions): ColumnsType<AdminModel> {
  return [
    {
      title: '顺序',
      key: 'order',
      width: 76,
      render: (_, m, i) => (
        <Space size={0}>
          <Button
            size="small"
            type="text"
            icon={<ArrowUpOutlined />}
            aria-label={`上移 ${m.name}`}
            disabled={i === 0 || a.busy}
            onClick={() => a.move(m.id, -1)}
          />
          <Button
            size="small"
            type="text"
            icon={<ArrowDownOutlined />}
            aria-label={`下移 ${m.name}`}
            disabled={i === shown.length - 1 || a.busy}
            onClick={() => a.move(m.id, 1)}
          />
        </Space>
      ),
    },
    {
      title: '模型',
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
                默认
              </Tag>
            ) : null}
            {m.enabled ? null : <Tag>已停用</Tag>}
          </Space>
          <Space size={4}>
            <Typography.Text type="secondary" copyable={{ text: m.id }} style={{ fontSize: 12 }}>
              {m.id}
            </Typography.Text>
            <Tooltip title={SOURCE[m.source].tip}>
              <Tag
                color={SOURCE[m.source].color}
                bordered={false}
                style={{ fontSize: 11, marginInlineEnd: 0 }}
              >
                {SOURCE[m.source].label}
              </Tag>
            </Tooltip>
          </Space>
        </Space>
      ),
    },
    {
      title: '接口与 Key',
      key: 'upstream',
      render: (_, m) =>
        m.provider === 'offline' ? (
          <Typography.Text type="secondary">离线模型：示例回答，不联网</Typography.Text>
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
              <Tag color="red">未设置 API Key</Tag>
            )}
          </Space>
        ),
    },
    {
      title: '价格',
      dataIndex: 'chip_price',
      align: 'right',
      width: 110,
      render: (n: number) => (n === 0 ? <Tag color="green">免费</Tag> : `${formatCount(n)} 芯片/条`),
    },
    { title: '上下文', dataIndex: 'context_window', align: 'right', width: 80, render: tokens },
    {
      title: '智能体',
      dataIndex: 'bot_count',
      align: 'right',
      width: 72,
      render: (n: number) => (n ? formatCount(n) : <Typography.Text type="secondary">0</Typography.Text>),
    },
    {
      title: '仅限会员',
      key: 'vip_only',
      width: 84,
      align: 'center',
      render: (_, m) => (
        <Popconfirm
          title={m.vip_only ? '向所有用户开放该模型？' : '设为仅限会员？'}
          description={m.vip_only ? undefined : '非会员将看不到它，使用它的智能体对非会员改用默认模型。'}
          disabled={m.is_default}
          onConfirm={() => a.toggle(m, 'vip_only', !m.vip_only)}
        >
          <Tooltip title={m.is_default ? '默认模型对所有用户开放' : undefined}>
            <Switch
              size="small"
              checked={m.vip_only}
              disabled={m.is_default}
              aria-label={`${m.name} 仅限会员`}
            />
          </Tooltip>
        </Popconfirm>
      ),
    },
    {
      title: '启用',
      key: 'enabled',
      width: 64,
      align: 'center',
      render: (_, m) => (
        <Popconfirm
          title={m.enabled ? `停用「${m.name}」？` : `启用「${m.name}」？`}
          description={
            m.enabled
              ? `用户将不能再选它${m.bot_count ? `；${m.bot_count} 个智能体会改用默认模型` : ''}。`
              : '用户可以立即选用它。'
          }
          disabled={m.is_default}
          onConfirm={() => a.toggle(m, 'enabled', !m.enabled)}
        >
          <Tooltip title={m.is_default ? '默认模型不能停用' : undefined}>
            <Switch size="small" checked={m.enabled} disabled={m.is_default} aria-label={`${m.name} 启用`} />
          </Tooltip>
        </Popconfirm>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_, m) => {
        const notDefault = defaultRefusal(m);
        return (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => a.test(m)}>
              测试
            </Button>
            <Button type="link" size="small" onClick={() => a.edit(m)}>
              编辑
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
                          label: <Refusable refusal={notDefault}>设为默认</Refusable>,
                          onClick: () => a.makeDefault(m),
                        },
                      ]),
                  {
                    key: 'delete',
                    danger: !m.delete_refusal,
                    label: <Refusable refusal={m.delete_refusal}>删除</Refusable>,
                    onClick: () => a.remove(m),
                  },
                ],
              }}
            >
              <Button type="link" size="small" aria-label={`${m.name} 更多操作`}>
                更多 <DownOutlined />
              </Button>
            </Dropdown>
          </Space>
        );
      },
    },
  ];
}
