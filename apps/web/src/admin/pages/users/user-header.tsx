import {
  CrownOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  CheckCircleOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { AdminUserDetail, AdminUserRow, EnableUserBody, SetRoleBody } from '@lingxi/contract';
import { Avatar, Button, Card, Descriptions, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { imageUrl } from '../../../lib/image-url';
import { formatTime } from '../../lib/format';
import { ChipsModal, DisableModal, VipModal } from './user-action-modals';
import { roleTag, StatusTag, vipTag } from './user-tags';
import { useUserAction } from './users-api';

const GENDER = ['保密', '男', '女'];

/** The user's card: who they are, their tags, and the operators' actions on them. */
export function UserHeader({ detail, operatorId }: { detail: AdminUserDetail; operatorId?: number }) {
  const { user } = detail;
  const [modal, setModal] = useState<'disable' | 'chips' | 'vip' | null>(null);
  const enable = useUserAction<EnableUserBody, AdminUserRow>(user.id, 'enable', '已启用该用户');
  const role = useUserAction<SetRoleBody, AdminUserRow>(user.id, 'role', (u) =>
    u.role === 'admin' ? '已设为运营' : '已取消运营权限',
  );
  const deleted = user.status === 'deleted';
  const self = operatorId === user.id;
  const close = () => setModal(null);

  const actions = deleted ? (
    <Typography.Text type="secondary">账号已注销，不能再修改</Typography.Text>
  ) : (
    <Space wrap>
      {user.status === 'disabled' ? (
        <Popconfirm
          cancelText="取消"
          title="启用该用户？"
          description="启用后该用户可以正常登录和使用。"
          okText="启用"
          onConfirm={() => enable.mutateAsync({ body: {} })}
        >
          <Button icon={<CheckCircleOutlined />} loading={enable.isPending}>
            启用
          </Button>
        </Popconfirm>
      ) : (
        <Button danger icon={<StopOutlined />} disabled={self} onClick={() => setModal('disable')}>
          禁用
        </Button>
      )}
      <Button icon={<WalletOutlined />} onClick={() => setModal('chips')}>
        调整芯片
      </Button>
      <Button icon={<CrownOutlined />} onClick={() => setModal('vip')}>
        会员天数
      </Button>
      {user.role === 'admin' ? (
        <Popconfirm
          cancelText="取消"
          title="取消运营权限？"
          description="该用户将立即无法访问运营后台。"
          okText="取消运营"
          okButtonProps={{ danger: true }}
          disabled={self}
          onConfirm={() => role.mutateAsync({ body: { role: 'user' } })}
        >
          <Button icon={<SafetyCertificateOutlined />} disabled={self} loading={role.isPending}>
            取消运营
          </Button>
        </Popconfirm>
      ) : (
        <Popconfirm
          cancelText="取消"
          title="设为运营？"
          description="该用户将立即可以访问运营后台的全部功能。"
          okText="设为运营"
          onConfirm={() => role.mutateAsync({ body: { role: 'admin' } })}
        >
          <Button icon={<SafetyCertificateOutlined />} loading={role.isPending}>
            设为运营
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  return (
    <Card style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', gap: 16, alignItems: 'center', flexWrap: 'wrap' }}>
        <Avatar src={imageUrl(user.avatar, 64)} size={64} />
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Space size={8} wrap align="center">
            <Typography.Title level={4} style={{ margin: 0 }}>
              {user.nickname}
            </Typography.Title>
            <StatusTag status={user.status} />
            {roleTag(user.role)}
            {vipTag(user)}
            {self ? <Typography.Text type="secondary">（你自己）</Typography.Text> : null}
          </Space>
          <div style={{ marginTop: 6 }}>
            <Space size={16} wrap>
              <Typography.Text type="secondary" copyable={{ text: String(user.id) }}>
                ID {user.id}
              </Typography.Text>
              {user.phone ? (
                <Typography.Text type="secondary" copyable={{ text: user.phone }}>
                  {user.phone}
                </Typography.Text>
              ) : null}
            </Space>
          </div>
        </div>
        <div style={{ flex: 'none' }}>{actions}</div>
      </div>
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 4 }} style={{ marginTop: 20 }}>
        <Descriptions.Item label="注册时间">{formatTime(user.created_at)}</Descriptions.Item>
        <Descriptions.Item label="最近活跃">{formatTime(user.last_active_at)}</Descriptions.Item>
        <Descriptions.Item label="最近登录">{formatTime(user.last_login_at)}</Descriptions.Item>
        <Descriptions.Item label="性别">{GENDER[user.gender] ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="邀请码">{user.invite_code}</Descriptions.Item>
        <Descriptions.Item label="邀请人">
          {user.invited_by ? (
            <Link to={`/admin/users/${user.invited_by.id}`}>{user.invited_by.nickname}</Link>
          ) : (
            '—'
          )}
        </Descriptions.Item>
        <Descriptions.Item label="已邀请">{detail.counts.invitees} 人</Descriptions.Item>
        {user.deleted_at ? (
          <Descriptions.Item label="注销时间">{formatTime(user.deleted_at)}</Descriptions.Item>
        ) : (
          <Descriptions.Item label="会员">
            {detail.wallet.vip.active
              ? `${detail.wallet.vip.tier_name ?? '会员'}，至 ${formatTime(detail.wallet.vip.expires_at)}`
              : '非会员'}
          </Descriptions.Item>
        )}
        <Descriptions.Item label="简介" span={4}>
          {user.bio || <Typography.Text type="secondary">未填写</Typography.Text>}
        </Descriptions.Item>
      </Descriptions>
      <DisableModal detail={detail} open={modal === 'disable'} onClose={close} />
      <ChipsModal detail={detail} open={modal === 'chips'} onClose={close} />
      <VipModal detail={detail} open={modal === 'vip'} onClose={close} />
    </Card>
  );
}
